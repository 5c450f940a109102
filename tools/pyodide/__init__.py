"""Scripts that ``run.mjs`` runs under Pyodide in Node.js (see ``tests/web/test_pyodide.py``).

Under Pyodide each is run as a script with the cart beside it on ``sys.path``; under CPython
they import as ``tools.pyodide.NAME`` or run as ``python -m tools.pyodide.NAME``.
"""
