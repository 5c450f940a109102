"""Development tools: benchmarks, trainers, data generators and builds (not part of the cart).

Each runs from the repository root as a module, for example ``python -m tools.bench``;
``python -m tools.NAME --help`` says what it does.
"""
