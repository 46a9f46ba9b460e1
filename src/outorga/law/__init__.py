"""Outorga's law-as-code core.

Pure Python: nothing here imports Django (a test scans the imports). Every evaluation takes an
``as_of`` date (decision D-15) and returns a :class:`~outorga.law.decisions.Decision` whose reasons
cite the article they apply.
"""
