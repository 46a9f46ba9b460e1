"""The documents a vehicle must carry, in the spreadsheet import: mototaxi and motofrete art. 5
§1 (CRLV with the seguro obrigatório, I; laudo de vistoria, II; laudo de inspeção semestral,
III) and §5 (CRV, CRLV, DPVAT in the holder's name), the mototaxi's policy for driver and
passenger (art. 13 XXI, art. 19 §1–2); taxi art. 24 (vistoria, II; aferição do taxímetro, III;
GNV certificate, IV) and art. 22 XI (seguro obrigatório categoria 3). Each column gives the
document's issue (and the end printed on the policy); the row records it through the desk's
document service, with its act, the law giving the validity where it fixes one (the inspection,
art. 5 §1 III). A document the law requires that the row does not give, nor the record holds,
or one expired on the import's day, is a warning naming the line, the column and the article:
the import records the present state; the grant is not judged again.
"""

from __future__ import annotations

import datetime as dt

import pytest
from test_import_taxi_art_28_i_crlv_validity import TODAY, run, taxi_sheet

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document

D = "%d/%m/%Y"

MOTO_DOCUMENTS = {
    "crlv_emissao": "10/01/2026",
    "crlv_valido_ate": "31/12/2026",
    "crv_emissao": "02/05/2021",
    "dpvat_emissao": "10/01/2026",
    "vistoria_emissao": "15/09/2026",
    "inspecao_emissao": "15/09/2026",
    "apolice_emissao": "01/03/2026",
    "apolice_valida_ate": "28/02/2027",
}
TAXI_DOCUMENTS = {
    "crlv_emissao": "10/01/2026",
    "crlv_valido_ate": "31/12/2026",
    "dpvat_emissao": "10/01/2026",
    "dpvat_categoria": "3",
    "vistoria_emissao": "15/09/2026",
    "taximetro_emissao": "15/09/2026",
}
DOCUMENT_COLUMNS = {
    "crv_emissao",
    "dpvat_emissao",
    "dpvat_categoria",
    "vistoria_emissao",
    "inspecao_emissao",
    "apolice_emissao",
    "apolice_valida_ate",
    "taximetro_emissao",
    "gnv_emissao",
    "crlv_emissao",
    "crlv_valido_ate",
    "municipio_registro",
}


@pytest.fixture
def clerk_actor(user_of):  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.ATENDENTE))


def _doc_warnings(report):  # type: ignore[no-untyped-def]
    return {w.column: w.render() for w in report.warnings if w.column in DOCUMENT_COLUMNS}


def test_art_5_par1_the_mototaxi_row_s_documents_are_recorded_as_the_desk_records_them(
    ipatinga_m, clerk_actor
):
    """Every document of art. 5 §1 and §5 and the policy of art. 19, given: recorded on the
    vehicle, one act each; the inspection valid for the law's six months from its issue, the
    policy until the end printed on it; no warning. Imported again, nothing is recorded twice."""
    m = ipatinga_m
    raw, plate, _ = taxi_sheet("mototaxi", **MOTO_DOCUMENTS)
    report = run(m, raw, clerk_actor)
    assert report.ok, [e.render() for e in report.errors]
    assert _doc_warnings(report) == {}
    with tenant(m):
        docs = {d.doc_type: d for d in Document.objects.current().filter(vehicle__plate=plate)}
        assert set(docs) == {
            Document.Type.CRLV,
            Document.Type.CRV,
            Document.Type.DPVAT,
            Document.Type.VISTORIA,
            Document.Type.INSPECTION,
            Document.Type.INSURANCE,
        }
        assert docs[Document.Type.INSPECTION].valid_until == dt.date(2027, 3, 15)
        assert docs[Document.Type.INSURANCE].valid_until == dt.date(2027, 2, 28)
        assert docs[Document.Type.CRV].issued_on == dt.date(2021, 5, 2)
        recorded = Act.objects.filter(action="document.record").count()
        assert recorded == 6
    again = run(m, raw, clerk_actor)
    assert again.ok
    with tenant(m):
        assert Document.objects.current().filter(vehicle__plate=plate).count() == 6
        assert Act.objects.filter(action="document.record").count() == recorded


def test_art_5_par1_each_document_the_mototaxi_row_lacks_is_a_warning_with_its_article(
    ipatinga_m,
):
    """None of them given (only a CRLV in force): a warning per missing document, on its
    column, naming the article: DPVAT (art. 5 §1 I), vistoria (II), inspeção (III), CRV and
    DPVAT in the holder's name (§5), the policy (art. 19)."""
    raw, _, line = taxi_sheet("mototaxi", crlv_emissao="10/01/2026", crlv_valido_ate="31/12/2026")
    report = run(ipatinga_m, raw)
    assert report.ok, [e.render() for e in report.errors]
    warned = _doc_warnings(report)
    assert set(warned) == {
        "crv_emissao",
        "dpvat_emissao",
        "vistoria_emissao",
        "inspecao_emissao",
        "apolice_emissao",
    }
    assert all(f"linha {line}, coluna {c}" in t for c, t in warned.items())
    assert "art. 5, §1, I" in warned["dpvat_emissao"]
    assert "art. 5, §1, II" in warned["vistoria_emissao"]
    assert "art. 5, §1, III" in warned["inspecao_emissao"]
    assert "art. 5, §5" in warned["crv_emissao"]
    assert "art. 19" in warned["apolice_emissao"]


@pytest.mark.parametrize(
    ("months", "expired"), [(6, False), (7, True)], ids=["last-day", "expired"]
)
def test_art_5_par1_iii_an_inspection_expired_on_the_import_day_is_a_warning(
    ipatinga_m, months, expired
):
    """The semiannual inspection (art. 5 §1 III) judged on the import's day: issued six months
    before it, its last day, no warning; a month older, a warning on ``inspecao_emissao``."""
    issued = dt.date(TODAY.year, TODAY.month - months, TODAY.day)
    raw, _, _ = taxi_sheet("mototaxi", **{**MOTO_DOCUMENTS, "inspecao_emissao": f"{issued:{D}}"})
    warned = _doc_warnings(run(ipatinga_m, raw))
    assert ("inspecao_emissao" in warned) is expired
    if expired:
        assert "vencido" in warned["inspecao_emissao"]
        assert "art. 5, §1, III" in warned["inspecao_emissao"]


@pytest.mark.parametrize(("days", "expired"), [(0, False), (1, True)], ids=["last-day", "expired"])
def test_art_19_a_policy_ended_before_the_import_day_is_a_warning(ipatinga_m, days, expired):
    """The mototaxi's policy (art. 13 XXI, art. 19 §1) kept "atualizada": its printed end the
    import's day, no warning; the day before, a warning on ``apolice_valida_ate``."""
    until = TODAY - dt.timedelta(days=days)
    raw, _, _ = taxi_sheet("mototaxi", **{**MOTO_DOCUMENTS, "apolice_valida_ate": f"{until:{D}}"})
    warned = _doc_warnings(run(ipatinga_m, raw))
    assert ("apolice_valida_ate" in warned) is expired
    if expired:
        assert "art. 19" in warned["apolice_valida_ate"]


def test_art_5_par1_i_a_crlv_expired_on_the_import_day_is_a_warning_for_the_mototaxi(
    ipatinga_m,
):
    """Art. 5 §1 I, the CRLV "atualizado", judged on the import's day: one whose licensing
    ended the day before is a warning on ``crlv_valido_ate``."""
    until = TODAY - dt.timedelta(days=1)
    raw, _, _ = taxi_sheet("mototaxi", **{**MOTO_DOCUMENTS, "crlv_valido_ate": f"{until:{D}}"})
    warned = _doc_warnings(run(ipatinga_m, raw))
    assert set(warned) == {"crlv_valido_ate"}
    assert "art. 5, §1, I" in warned["crlv_valido_ate"]


def test_art_19_the_motofrete_needs_no_policy(ipatinga_m):
    """The policy for driver and passenger is the mototaxi's (art. 19): the motofrete row
    without it has no warning for it."""
    docs = {k: v for k, v in MOTO_DOCUMENTS.items() if not k.startswith("apolice")}
    raw, _, _ = taxi_sheet("motofrete", **docs)
    assert _doc_warnings(run(ipatinga_m, raw)) == {}


def test_art_24_art_22_xi_the_taxi_row_s_documents_are_recorded_and_the_missing_warned(
    ipatinga_m, clerk_actor
):
    """Taxi art. 24 II–III and art. 22 XI–XII: given, recorded with the category printed on the
    seguro obrigatório and no warning; missing, a warning per document with its article."""
    m = ipatinga_m
    raw, _, line = taxi_sheet(crlv_emissao="10/01/2026", crlv_valido_ate="31/12/2026")
    warned = _doc_warnings(run(m, raw))
    assert set(warned) == {"dpvat_emissao", "vistoria_emissao", "taximetro_emissao"}
    assert "art. 22, XI" in warned["dpvat_emissao"]
    assert "art. 24, II" in warned["vistoria_emissao"]
    assert "art. 24, III" in warned["taximetro_emissao"]
    assert f"linha {line}, coluna taximetro_emissao" in warned["taximetro_emissao"]
    raw, plate, _ = taxi_sheet(**TAXI_DOCUMENTS)
    report = run(m, raw, clerk_actor)
    assert report.ok, [e.render() for e in report.errors]
    assert _doc_warnings(report) == {}
    with tenant(m):
        dpvat = Document.objects.current().get(vehicle__plate=plate, doc_type=Document.Type.DPVAT)
        assert dpvat.category == "3"
        assert (
            Document.objects.current()
            .filter(vehicle__plate=plate, doc_type=Document.Type.TAXIMETER)
            .exists()
        )


def test_art_22_xi_a_seguro_obrigatorio_of_another_category_is_a_warning(ipatinga_m):
    raw, _, _ = taxi_sheet(**{**TAXI_DOCUMENTS, "dpvat_categoria": "1"})
    warned = _doc_warnings(run(ipatinga_m, raw))
    assert set(warned) == {"dpvat_categoria"}
    assert "art. 22, XI" in warned["dpvat_categoria"]


def test_art_24_iv_a_gnv_car_without_its_safety_certificate_is_a_warning(ipatinga_m):
    raw, _, _ = taxi_sheet(**{**TAXI_DOCUMENTS, "combustivel": "gnv"})
    warned = _doc_warnings(run(ipatinga_m, raw))
    assert set(warned) == {"gnv_emissao"}
    assert "art. 24, IV" in warned["gnv_emissao"]
    raw, _, _ = taxi_sheet(**{**TAXI_DOCUMENTS, "combustivel": "gnv", "gnv_emissao": "01/09/2026"})
    assert _doc_warnings(run(ipatinga_m, raw)) == {}


def test_a_document_s_end_without_its_issue_or_before_it_is_an_error_of_the_row(ipatinga_m):
    raw, _, line = taxi_sheet("mototaxi", apolice_valida_ate="28/02/2027")
    assert [(e.line, e.column) for e in run(ipatinga_m, raw).errors] == [(line, "apolice_emissao")]
    raw, _, line = taxi_sheet(
        "mototaxi", apolice_emissao="01/03/2026", apolice_valida_ate="28/02/2026"
    )
    assert [(e.line, e.column) for e in run(ipatinga_m, raw).errors] == [
        (line, "apolice_valida_ate")
    ]


def test_art_19_a_mototaxi_policy_without_its_printed_end_is_an_error_of_the_row(ipatinga_m):
    """The desk records a mototaxi policy only with the end printed on it (art. 19 §1,
    "atualizada"): without it, the row's error, found on the dry run."""
    raw, _, line = taxi_sheet("mototaxi", apolice_emissao="01/03/2026")
    errors = run(ipatinga_m, raw).errors
    assert [(e.line, e.column) for e in errors] == [(line, "apolice_valida_ate")]
    assert "art. 19" in errors[0].render()


def test_a_document_issued_after_the_import_day_is_an_error_of_the_row(ipatinga_m):
    """The import records the documents the vehicle holds on its day: one issued later is a
    typing error, refused on the dry run."""
    after = TODAY + dt.timedelta(days=1)
    raw, _, line = taxi_sheet("mototaxi", **{**MOTO_DOCUMENTS, "vistoria_emissao": f"{after:{D}}"})
    assert [(e.line, e.column) for e in run(ipatinga_m, raw).errors] == [(line, "vistoria_emissao")]
