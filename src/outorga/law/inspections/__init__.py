"""Inspections (vistorias and inspeções) across the three laws: checklists as versioned dated data,
the result of an inspection and what follows from it, and when the next one is due.

- :mod:`.checklists` — one checklist per service and category (``checklist_data/*.yaml``)
- :mod:`.results` — ``ipatinga.mototaxi-2013.inspection_result``, ``ipatinga.taxi-2017.inspection_result``,
  ``barra-do-garcas.apps-2025.inspection_result``
- :mod:`.scheduling` — ``ipatinga.mototaxi-2013.inspection_due``, ``ipatinga.taxi-2017.inspection_due``

The rulebooks of each law stay the authority on the vehicle itself (mototaxi art. 3, 5, 19, 24;
taxi art. 8, 9, 27, 28; apps art. 23, 25): checklist items that they decide are asked to them.
"""

from . import checklists, results, scheduling

__all__ = ["checklists", "results", "scheduling"]
