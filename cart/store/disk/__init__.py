"""Where stored bytes live and how they stay whole: entries, their backends, the envelope, the lock.

Everything above this wing reads and writes named entries (:mod:`.entries`) in a
checksummed, versioned envelope (:mod:`.envelope`), through a folder (:mod:`.backend`,
with :mod:`.lock` for two cartridges at once) or a browser's ``localStorage``
(:mod:`.localstorage`); what cannot be used is set aside with a notice (:mod:`.notices`).
It knows nothing of backgammon.
"""
