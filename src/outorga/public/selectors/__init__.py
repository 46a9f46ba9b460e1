"""Public reads, one module per aggregate. Only what the public may see leaves them: never CPF,
address, health or criminal data.

- ``badges``: a badge's status today (:func:`~.badges.badge_status`), why one that no longer
  holds is not printed again, the bars on a taxi driver's inscription in the Cadastro.
- ``verification``: a badge from its QR code's token, the signing keys, the public page's facts.
- ``permits``: what a municipality's pages offer, the public list of permits, the plate check.
- ``tariffs``: the tariffs and fare limits in force today.
"""
