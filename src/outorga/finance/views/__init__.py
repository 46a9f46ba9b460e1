"""Finance staff screens and the permit holder's pages of debts, a module per aggregate. Thin: parse
the input, call one service, render.

- ``common``: who reads the ledger (``staff_view``), a sum of money as the screens show it;
- ``dashboard``: the ledger's summary by status and month;
- ``debts``: the list, a debt, its status transitions and its payment slip;
- ``fees``: the fees charged over the counter;
- ``payments``: the list, a payment recorded by hand and its resolution against debts;
- ``imports``: the bank's CSV import;
- ``refunds``: the list and a refund marked as paid;
- ``pix_settings``: the PIX key and beneficiary of the payment slips;
- ``portal``: the permit holder's own debts and slips.
"""
