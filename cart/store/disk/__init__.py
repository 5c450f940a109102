"""Where stored bytes live and how they stay whole: entries, their backends, the envelope, the lock.

The store above reads and writes named entries in a checksummed envelope, through
a folder or a browser's ``localStorage``; what cannot be used is set aside with a
notice. In the browser an export goes to the player as a download instead
(:mod:`.browser`). It knows nothing of backgammon.
"""
