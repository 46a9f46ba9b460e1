"""Art. 18: the service is forbidden at bus and taxi stops. An auto records it typed by art. 39, I
(operar ponto em local não permitido: média, with seizure by §2), citing both articles."""

import datetime as dt

import pytest

from outorga.law.citations import cite
from outorga.law.ipatinga.mototaxi_2013 import PROCEDURE, Severity, infraction_type
from outorga.law.ipatinga.mototaxi_2013.catalog import CATALOG, LAW_DATE, NotInForce
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
AS_OF = dt.date(2024, 6, 10)


def test_art_18_service_at_a_bus_or_taxi_stop_is_typed_by_art_39_i_and_cites_both():
    t = infraction_type("art39-I-art18")
    assert t.severity is Severity.MEDIA and t.seizure
    assert t.citations == (cite(LAW, 18), cite(LAW, 39, inc="I"))
    assert t.provision == "Lei de mototáxi de Ipatinga (2013), art. 18; art. 39, I"
    # Not an inciso of its own: the 43 incisos of art. 38–41 stay the law's.
    assert t not in CATALOG


def test_art_18_the_auto_form_offers_it_with_the_two_articles():
    kinds = {k.code: k for k in PROCEDURE.kinds(AS_OF, ())}
    k = kinds["art39-I-art18"]
    assert k.citation.endswith("art. 18; art. 39, I") and k.seizure and k.severity == "media"


def test_art_18_the_fine_is_art_39_par1_and_the_vehicle_is_seized_art_39_par2(ipatinga):
    facts = {"infractions": [{"code": "art39-I-art18", "committed_on": "2024-06-01"}]}
    d = ask("mototaxi.fine", ipatinga(AS_OF), facts)
    assert d.outcome["total_cents"] == 1000  # 2 UFPI × R$ 5,00 (valor de exemplo)
    assert d.outcome["seizure"] is True
    for c in (cite(LAW, 18), cite(LAW, 39, inc="I"), cite(LAW, 39, 1), cite(LAW, 39, 2)):
        assert c in d.citations


def test_art_18_not_in_force_before_the_law():
    with pytest.raises(NotInForce):
        infraction_type("art39-I-art18", LAW_DATE - dt.timedelta(days=1))
    assert infraction_type("art39-I-art18", LAW_DATE).code == "art39-I-art18"


def test_art_18_art_35_par2_the_seized_vehicle_goes_back_on_paying_the_art_39_fine(ipatinga):
    """The release of a vehicle seized at a stop (art. 39, §2) asks for its média fine (art. 35,
    §2), as for the catalog's own incisos."""
    facts = {
        "grounds": "infracao",
        "codes": ["art39-I-art18"],
        "seized_on": "2024-06-01",
        "fine_paid": False,
        "charges": [
            {"kind": "remocao", "amount_cents": 15000, "paid": True},
            {"kind": "estadia", "amount_cents": 2000, "paid": True},
        ],
    }
    refused = ask("mototaxi.seizure_release", ipatinga(AS_OF), facts)
    assert refused.outcome["may_release"] is False and refused.outcome["fine_cents"] == 1000
    assert cite(LAW, 39, 2) in refused.citations and cite(LAW, 35, 2) in refused.citations
    released = ask("mototaxi.seizure_release", ipatinga(AS_OF), {**facts, "fine_paid": True})
    assert released.outcome["may_release"] is True
