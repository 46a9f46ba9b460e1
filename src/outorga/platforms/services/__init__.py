"""Writes of the platforms area: transport by app, under the law the municipality binds to it.

Each service: ``authorize_apps()`` (the competence under the law governing transport by app,
outside the transaction, so a refusal's act survives) → one transaction scoped to the
municipality → the law core's question → the change → ``record_act()``.
The caps (art. 3 §1–2, D-9 a) are counted while holding a lock on the municipality's row, so two
concurrent requests never both take the last place (PostgreSQL ``SELECT … FOR UPDATE``; SQLite
serialises writers anyway).

One module per aggregate:

* ``common`` — ``PlatformError`` and the law's refusal ``PlatformRefused`` (kept and raised through
  ``core.acts.law_refused``), the law governing transport by app and the competence under it,
  reasons and citations of a decision, the caps' lock, the platform's earlier measures;
* ``credentialing`` — credentialing a platform, its contacts (art. 3 §1, art. 19 §2, art. 11 III);
* ``cases`` — the proposal case of suspension and cancellation (art. 26 IV, D-3, D-17);
* ``drivers`` — the roster (art. 3 §2, art. 4, art. 17; D-9 a, D-16);
* ``driver_documents`` — the daily re-check of the enabled drivers (art. 4 II, art. 14 I; ADR 0055);
* ``fares`` — fare tables (art. 5–10);
* ``reports`` — monthly reports (art. 16, D-8);
* ``complaints`` — complaints, forwarded and answered (art. 11 III, art. 15);
* ``penalties`` — imposing a warning or fine and the fine's debt (art. 26 I–II, D-5);
* ``penalty_process`` — a penalty's notice and finality, and what its later steps share (art. 26
  sole paragraph; D-1, D-4);
* ``penalty_appeals`` — a penalty's appeal: its filing, reconsideration and judgment (art. 26 sole
  paragraph; Lei 9.784/1999 art. 56 §1, 64; D-17);
* ``penalty_annulment`` — a penalty annulled: on an appeal upheld, or of the authority's own
  motion (Lei 9.784/1999 art. 53, D-17);
* ``penalty_period_fill`` — the reconsideration period given late to appeals filed before the
  step existed (Lei 9.784/1999 art. 56 §1, D-17);
* ``candidates`` — infraction and concurrency candidates (art. 3 §2, art. 15, art. 16);
* ``deadlines`` — a day recorded as no business day moves the running deadlines (D-4, art. 15).
"""
