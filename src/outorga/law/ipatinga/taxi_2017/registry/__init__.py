"""Capítulo II, Seções I–II — Do taxista e do Cadastro Municipal de Taxistas (art. 17–26):
auxiliaries, yearly renewal blocked by final debts, and the documents of people, companies and
vehicles.

A package, a module a section; the rules keep their names here, where the coverage map and the
apps find them:

* :mod:`.auxiliaries` — art. 20–21: the auxiliaries and their yearly inscription;
* :mod:`.renewal` — art. 21: the yearly renewal and the debts that block it;
* :mod:`.documents` — art. 22–24, 26: the documents.
"""

from .auxiliaries import (
    AUXILIARY_RENEWAL_SCHEMA,
    AUXILIARY_SCHEMA,
    art_4_xiv_auxiliary_residence,
    art_20_auxiliary_registered,
    art_20_sole_paragraph_auxiliaries,
    art_21_auxiliary_period,
    art_21_yearly_not_ahead,
    auxiliary_question,
    auxiliary_renewal_question,
)
from .documents import (
    DOCUMENTS,
    DOCUMENTS_SCHEMA,
    PF_DOCUMENTS,
    PJ_DOCUMENTS,
    VEHICLE_DOCUMENTS,
    DocumentRequirement,
    approved_inspection,
    art_22_ii_cnh_category,
    art_22_presented,
    art_22_vii_residence,
    art_22_viii_criminal_certificate,
    art_22_xi_insurance_category,
    art_24_iii_taximeter_certifier,
    art_24_sole_paragraph_holder_name,
    art_26_additional,
    check_document,
    document_in_validity,
    documents_question,
)
from .renewal import (
    AUXILIARY_RENEWAL_FEES,
    DEBT_KINDS,
    DEBT_STATUSES,
    PERMIT_RENEWAL_FEES,
    RENEWAL_SCHEMA,
    Debt,
    art_21_par_1_debts,
    art_21_par_1_final_debt_blocks,
    art_21_validity,
    d_11_debt_under_review_does_not_block,
    d_18_own_renewal_fee_does_not_block,
    renewal_question,
)

__all__ = [
    "art_20_sole_paragraph_auxiliaries",
    "art_20_auxiliary_registered",
    "art_4_xiv_auxiliary_residence",
    "AUXILIARY_SCHEMA",
    "auxiliary_question",
    "art_21_auxiliary_period",
    "art_21_yearly_not_ahead",
    "AUXILIARY_RENEWAL_SCHEMA",
    "auxiliary_renewal_question",
    "DEBT_KINDS",
    "DEBT_STATUSES",
    "PERMIT_RENEWAL_FEES",
    "AUXILIARY_RENEWAL_FEES",
    "Debt",
    "art_21_validity",
    "art_21_par_1_final_debt_blocks",
    "d_18_own_renewal_fee_does_not_block",
    "d_11_debt_under_review_does_not_block",
    "art_21_par_1_debts",
    "RENEWAL_SCHEMA",
    "renewal_question",
    "DocumentRequirement",
    "PF_DOCUMENTS",
    "PJ_DOCUMENTS",
    "VEHICLE_DOCUMENTS",
    "DOCUMENTS",
    "art_22_presented",
    "document_in_validity",
    "art_22_ii_cnh_category",
    "art_22_vii_residence",
    "art_22_viii_criminal_certificate",
    "art_22_xi_insurance_category",
    "approved_inspection",
    "art_24_sole_paragraph_holder_name",
    "art_24_iii_taximeter_certifier",
    "art_26_additional",
    "DOCUMENTS_SCHEMA",
    "check_document",
    "documents_question",
]
