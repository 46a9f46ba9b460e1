"""Screens of the platforms area (authority, finance, inspectors, Chief Executive) and the public
complaint form. Thin: parse → one service or selector → render. Forms only parse.

One module per aggregate (``urls.py`` imports each view from its module):

* ``common`` — who may view the area, the refusal page, a refusal's messages, the list's date;
* ``credentialing`` — the platforms, credentialing, a platform's page, contacts and API tokens;
* ``cases`` — the proposal case of suspension and cancellation;
* ``penalties`` — penalties, their notice, paper appeal, judgment and PDF;
* ``reports`` — monthly reports and the CPFs on several platforms;
* ``complaints`` — the clerks' list and the public complaint form;
"""
