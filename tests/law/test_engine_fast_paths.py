"""The law core's cheaper constructions (issue #21, ADR 0035 addendum) make the very objects the
plain ones make: a reason, a decision, a record of facts, a deadline, a counting window, a
parameter value — equal, of the same type, as immutable, pickled and replaced alike."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from outorga.demo import IPATINGA
from outorga.law import batch, parameters, questions
from outorga.law.calendar import Calendar
from outorga.law.context import Context
from outorga.law.decisions import (
    VERDICT_ONLY,
    Decision,
    Reason,
    Verdict,
    eager_texts,
    made_decision,
)
from outorga.law.ipatinga.mototaxi_2013._common import Severity, art, param
from outorga.law.ipatinga.mototaxi_2013.penalties import Infraction
from outorga.law.ipatinga.mototaxi_2013.people import PersonFacts
from outorga.law.ipatinga.mototaxi_2013.vehicles import VehicleFacts
from outorga.law.rulebook import facts_of
from outorga.law.rules import Requirement, check, reason
from outorga.law.windows import add_months, months_ending

ON = dt.date(2026, 6, 1)
CORPUS = Path(__file__).with_name("texts_corpus.jsonl")
CITES = (art(5, inc="I"), art(32, 1))
dates = st.dates(min_value=dt.date(2000, 1, 1), max_value=dt.date(2040, 12, 31))
texts = st.text(max_size=12)


@settings(max_examples=200, deadline=None)
@given(
    rule=texts,
    n_cites=st.integers(1, 2),
    verdict=st.sampled_from(list(Verdict)),
    message=texts,
    facts=st.dictionaries(texts, st.integers() | texts | dates, max_size=3),
)
def test_a_reason_made_for_a_rule_is_the_reason_its_class_makes(
    rule, n_cites, verdict, message, facts
):
    cites = CITES[:n_cites]
    params = (param(Context(IPATINGA, ON), "person.min_age"),)
    fast = reason(rule, verdict, message, *cites, facts=facts, params=params)
    plain = Reason(rule, cites, verdict, message, facts, params)
    assert type(fast) is Reason
    assert fast == plain and hash(fast) == hash(plain)
    assert fast.to_json() == plain.to_json() and repr(fast) == repr(plain)
    assert pickle.loads(pickle.dumps(fast)) == plain  # noqa: S301 — our own bytes
    assert dataclasses.replace(fast, rule="x") == dataclasses.replace(plain, rule="x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.rule = "outra"  # type: ignore[misc]


@settings(max_examples=100, deadline=None)
@given(passed=st.booleans(), facts=st.dictionaries(texts, st.integers() | dates, max_size=3))
def test_a_requirement_checked_for_a_rule_is_the_reason_its_class_makes(passed, facts):
    fast = check("r", passed, "Atendido.", "Não atendido.", *CITES, facts=facts)
    verdict, message = (Verdict.OK, "Atendido.") if passed else (Verdict.REFUSED, "Não atendido.")
    plain = Reason("r", CITES, verdict, message, facts, ())
    assert type(fast) is Reason
    assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
    assert pickle.loads(pickle.dumps(fast)) == plain  # noqa: S301 — our own bytes


@settings(max_examples=50, deadline=None)
@given(passed=st.booleans(), facts=st.dictionaries(texts, st.integers() | dates, max_size=3))
def test_a_requirement_named_once_answers_as_check_in_full_and_as_quick_verdict_only(passed, facts):
    requirement = Requirement("r", *CITES)
    fast = requirement.check(passed, "Atendido.", "Não atendido.", facts=facts)
    assert fast == check("r", passed, "Atendido.", "Não atendido.", *CITES, facts=facts)
    stand_in = requirement.stand_in[passed]
    token = VERDICT_ONLY.set(True)
    try:
        answered = check("r", passed, "Atendido.", "Não atendido.", *CITES)
    finally:
        VERDICT_ONLY.reset(token)
    assert (stand_in.rule, stand_in.verdict) == (answered.rule, answered.verdict)
    assert stand_in.verdict is (Verdict.OK if passed else Verdict.REFUSED)
    if not passed:  # a refusal keeps its articles: what a brief answer shows
        assert stand_in.citations == answered.citations == CITES


def test_a_requirement_without_citation_is_refused():
    with pytest.raises(ValueError, match="no citation"):
        Requirement("r")


def test_a_reason_made_for_a_rule_writes_a_lazy_message_when_read_or_at_once_when_eager():
    calls = []

    def text() -> str:
        calls.append(1)
        return "escrito"

    lazy = reason("r", Verdict.OK, text, *CITES)
    assert calls == []
    assert lazy.message == "escrito" and lazy.message == "escrito" and calls == [1]
    with eager_texts():
        reason("r", Verdict.OK, text, *CITES)
    assert calls == [1, 1]


def test_a_reason_without_citation_is_refused_however_it_is_made():
    with pytest.raises(ValueError, match="no citation"):
        reason("r", Verdict.OK, "m")
    with pytest.raises(ValueError, match="no citation"):
        check("r", True, "m", "n")
    with pytest.raises(ValueError, match="no citation"):
        Reason("r", (), Verdict.OK, "m", {}, ())


def test_a_decision_made_by_a_rulebook_is_the_decision_its_class_makes():
    reasons = (Reason("r", CITES, Verdict.OK, "m", {"a": 1}, ()),)
    args = ("q.x", ON, "ipatinga", ("apto", 1), reasons, "Apto.")
    fast, plain = made_decision(*args), Decision(*args)
    assert type(fast) is Decision
    assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
    assert fast.to_json() == plain.to_json() and fast.to_text() == plain.to_text()
    assert pickle.loads(pickle.dumps(fast)) == plain  # noqa: S301 — our own bytes
    assert dataclasses.replace(fast, summary="s") == dataclasses.replace(plain, summary="s")
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.summary = "outro"  # type: ignore[misc]
    with pytest.raises(ValueError, match="no reason"):
        made_decision("q.x", ON, "ipatinga", None, (), "")


@dataclasses.dataclass(frozen=True)
class _Facts:
    """A frozen facts record as the rulebooks write them."""

    id: str
    committed_on: dt.date
    final: bool
    code: str | None = None


def test_facts_read_without_the_dataclass_init_are_the_dataclass_the_init_makes():
    fields = {"id": "1", "committed_on": ON, "final": True, "code": None}
    fast, plain = facts_of(_Facts, **fields), _Facts(**fields)  # type: ignore[arg-type]
    assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
    assert pickle.loads(pickle.dumps(fast)) == plain  # noqa: S301 — our own bytes
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.final = False  # type: ignore[misc]
    with pytest.raises(TypeError, match="every field"):
        facts_of(_Facts, id="1")
    misspelt = {("definitiva" if k == "final" else k): v for k, v in fields.items()}
    with pytest.raises(TypeError, match="every field"):
        facts_of(_Facts, **misspelt)


def test_infractions_made_as_tuples_are_the_ones_the_class_makes():
    """``Infraction.all_from_json`` makes each tuple without the class's call (issue #21): the
    same record, equal, hashed, shown and pickled as ``Infraction(...)``'s, and as immutable."""
    item = {"id": "7", "committed_on": "2026-05-02", "severity": "grave", "final": True}
    (fast,) = Infraction.all_from_json([item])
    plain = Infraction("7", dt.date(2026, 5, 2), Severity.GRAVE, True, False, False, None)
    assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
    assert type(fast) is Infraction and fast == Infraction.from_json(item)
    assert pickle.loads(pickle.dumps(fast)) == plain  # noqa: S301 — our own bytes
    with pytest.raises(AttributeError):
        fast.final = False  # type: ignore[misc]


def test_a_fast_decision_sets_every_field_the_decision_class_has():
    """``made_decision`` lists the fields by hand: a field added to ``Decision`` must be added
    there too."""
    reasons = (Reason("r", CITES, Verdict.OK, "m", {"a": 1}, ()),)
    fast = made_decision("q.x", ON, "ipatinga", None, reasons, "Apto.")
    assert set(vars(fast)) == {f.name for f in dataclasses.fields(Decision)}


@pytest.mark.parametrize(
    ("cls", "qid"),
    [
        (PersonFacts, "ipatinga.mototaxi-2013.person_eligibility"),
        (VehicleFacts, "ipatinga.mototaxi-2013.vehicle_eligibility"),
        (None, "ipatinga.mototaxi-2013.penalty"),
    ],
)
def test_the_mototaxi_facts_are_read_into_every_field_of_their_record(cls, qid):
    """``from_json`` (and ``all_from_json``, the infractions read together) gives every field
    (``facts_of`` refuses fewer) of the facts of the texts corpus, the same values the
    dataclass's ``__init__`` is given."""
    cases = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line]
    read = 0
    for case in cases:
        if questions.LEGACY_IDS.get(case["question"], case["question"]) != qid:
            continue
        try:
            questions.validate_facts(questions.get(qid), case["facts"])
        except questions.FactsInvalid:
            continue
        if cls is not None:
            records = [cls.from_json(case["facts"])]
        else:  # read together as the question reads them: each as it is read alone
            items = case["facts"]["infractions"]
            records = Infraction.all_from_json(items)
            assert records == [Infraction.from_json(i) for i in items]
        for record in records:
            fields = record._asdict() if isinstance(record, tuple) else vars(record)
            plain = type(record)(**fields)
            assert record == plain and repr(record) == repr(plain)
            assert list(fields) == list(
                record._fields
                if isinstance(record, tuple)
                else (f.name for f in dataclasses.fields(record))
            )
            read += 1
    assert read >= 3, qid


@settings(max_examples=300, deadline=None)
@given(notice=dates, days=st.integers(0, 60))
def test_a_deadline_counted_again_is_the_one_counted_first(notice, days):
    calendar = Calendar("MG", {dt.date(2026, 8, 14): "feriado"}, {dt.date(2026, 3, 3): "ponto"})
    first = calendar.deadline(notice, days)
    assert first == calendar.next_business_day(notice + dt.timedelta(days=days))
    assert calendar.deadline(notice, days) == first


@settings(max_examples=300, deadline=None)
@given(end=dates, months=st.integers(1, 36))
def test_a_counting_window_is_the_months_before_its_end_however_often_counted(end, months):
    expected = (add_months(end, -months) + dt.timedelta(days=1), end)
    assert months_ending(end, months) == expected
    assert months_ending(end, months) == expected


def test_a_window_of_no_month_is_refused_every_time():
    for _ in range(2):
        with pytest.raises(ValueError, match="mínimo"):
            months_ending(ON, 0)


def test_a_parameter_in_force_on_the_context_date_is_read_once_by_name_or_by_date():
    ctx = Context(IPATINGA, ON)
    by_name = ctx.param("mototaxi_2013.person.min_age")
    assert ctx.param("mototaxi_2013.person.min_age", ON) is by_name
    assert ctx.param("mototaxi_2013.person.min_age") is by_name
    other_day = ctx.param("mototaxi_2013.person.min_age", dt.date(2020, 1, 1))
    assert other_day.value == by_name.value  # the law's 21 on both dates


PENALTY_NAMES = (
    "mototaxi_2013.penalties.window_months",
    "mototaxi_2013.penalties.revocation_threshold",
)


def test_parameters_read_together_are_those_read_one_by_one_and_read_again_after_a_reload(
    monkeypatch,
):
    """``param_set`` (one lookup for the parameters a rule reads together) gives what ``param``
    gives for each name on that date, and reads them again once the shipped tree is reloaded."""
    ctx = Context(IPATINGA, ON)
    before = dt.date(2020, 1, 1)
    for on in (None, ON, before):
        together = ctx.param_set(PENALTY_NAMES, on)
        assert together == tuple(ctx.param(n, on) for n in PENALTY_NAMES)
        assert ctx.param_set(PENALTY_NAMES, on) is together
    assert [p.value for p in ctx.param_set(PENALTY_NAMES)] == [12, 5]  # the law's art. 32, II
    cached = ctx.param_set(PENALTY_NAMES)
    monkeypatch.setattr(parameters, "_TREE", None)  # the files were loaded again
    again = ctx.param_set(PENALTY_NAMES)
    assert again is not cached and again == tuple(ctx.param(n) for n in PENALTY_NAMES)
    assert again[0].value == 12


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(value=json_values)
def test_a_batch_encodes_any_value_as_json_dumps_writes_it(value):
    """The encoder a batch line is written with, made once, writes what ``json.dumps`` writes —
    Portuguese unescaped, floats, NaN and nesting alike — however often it is used."""
    expected = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    assert batch._encode(value) == expected
    assert batch._encode(value) == expected


def test_a_value_json_cannot_write_is_refused_and_the_encoder_goes_on():
    with pytest.raises(TypeError):
        batch._encode({"a": [object()]})
    assert batch._encode({"a": [1, "ção"]}) == '{"a":[1,"ção"]}'


def _jsonable_before(value):  # the function as it was (ADR 0035), to compare with
    from decimal import Decimal
    from enum import StrEnum

    if type(value) in {str, int, bool, float, type(None)}:
        return value
    if type(value) is dict:
        return {str(k): _jsonable_before(v) for k, v in value.items()}
    if type(value) in (list, tuple):
        return [_jsonable_before(v) for v in value]
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, StrEnum):
        return str(value)
    return value


facts_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text() | dates | st.sampled_from(list(Verdict)),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(
            st.text() | st.integers() | st.sampled_from(list(Verdict)), inner, max_size=3
        )
    ),
    max_leaves=15,
)


@settings(max_examples=300, deadline=None)
@given(value=facts_values)
def test_facts_are_written_as_json_as_before(value):
    from outorga.law.decisions import jsonable

    assert jsonable(value) == _jsonable_before(value)
    assert json.dumps(jsonable(value)) == json.dumps(_jsonable_before(value))


INSURANCE_MINIMUM = "mototaxi_2013.vehicle.insurance_min_coverage_cents"


def test_art_13_xxi_a_value_left_to_the_chief_executive_is_read_once_and_again_after_a_reload(
    monkeypatch,
):
    """``optional_param`` answers None for a value the law leaves to an act not yet made (mototaxi
    art. 13, XXI: the insurance's minimum cover, "em valor a ser definido por ato do Chefe do Poder
    Executivo"), reading it once per context, not raising again on every vehicle; a value the
    municipality records is read, and a reload of the tree reads again."""
    reads = []
    original = Context._read

    def counted(self, name, on):
        reads.append(name)
        return original(self, name, on)

    monkeypatch.setattr(Context, "_read", counted)
    ctx = Context(IPATINGA, ON)
    with pytest.raises(parameters.ParameterMissing):
        ctx.param(INSURANCE_MINIMUM)
    assert ctx.optional_param(INSURANCE_MINIMUM) is None
    assert ctx.optional_param(INSURANCE_MINIMUM) is None
    assert reads == [INSURANCE_MINIMUM, INSURANCE_MINIMUM]  # the raise, then one read
    assert ctx.optional_param(INSURANCE_MINIMUM, dt.date(2020, 1, 1)) is None  # its own date
    set_by_decree = parameters.DatedValue(dt.date(2026, 1, 1), 5_000_000, source="municipality")
    town = dataclasses.replace(IPATINGA, overrides={INSURANCE_MINIMUM: (set_by_decree,)})
    recorded = Context(town, ON).optional_param(INSURANCE_MINIMUM)
    assert recorded is not None and recorded.value == 5_000_000
    assert Context(town, dt.date(2025, 12, 31)).optional_param(INSURANCE_MINIMUM) is None
    reads.clear()
    monkeypatch.setattr(parameters, "_TREE", None)  # the files were loaded again
    assert ctx.optional_param(INSURANCE_MINIMUM) is None
    assert reads == [INSURANCE_MINIMUM]
