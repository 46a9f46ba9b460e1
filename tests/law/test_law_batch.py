"""`outorga law explain --batch` and `--data`: many fact sets in one process, each answered exactly as
the same question asked alone (art. 3 of the mototaxi law for the vehicles, art. 10 I for the
quota), with the municipality's data read from a file instead of the database."""

from __future__ import annotations

import datetime as dt
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from outorga.demo import BARRA_DO_GARCAS, IPATINGA
from outorga.law import batch, cli, municipal_data, questions
from outorga.law.context import Context

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from law_eligibility import vehicle  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "law"))
from test_lazy_explanations import QUESTIONS, TOWNS, generated_case  # noqa: E402

ON = dt.date(2026, 6, 1)
VEHICLE = "ipatinga.mototaxi-2013.vehicle_eligibility"
QUOTA = "ipatinga.mototaxi-2013.quota"


def fact_sets(n: int) -> list[dict]:
    rng = random.Random(7)
    return [vehicle(rng) for _ in range(n)]


def test_batch_decisions_equal_the_decisions_asked_one_by_one():
    facts = fact_sets(200)
    ctx = Context(IPATINGA, ON)
    lines = [json.dumps(f) for f in facts]
    got = list(batch.answer_lines(VEHICLE, ctx, lines))
    alone = [questions.ask(VEHICLE, Context(IPATINGA, ON), f) for f in facts]
    assert [a.line for a in got] == list(range(1, 201))
    assert [a.to_json()["decision"] for a in got] == [d.to_json() for d in alone]
    # Some vehicles of the sample are past art. 3 II's 10 years, some are not: both sides checked.
    ages = {str(r.verdict) for d in alone for r in d.reasons if r.rule.endswith("art_3_ii_age")}
    assert ages == {"ok", "refused"}
    brief = [a.to_json(brief=True)["decision"] for a in got]
    assert [b["eligibility"] for b in brief] == [d.eligibility for d in alone]
    assert [[r["rule"] for r in b["refusals"]] for b in brief] == [
        [r.rule for r in d.refusals] for d in alone
    ]


def test_a_bad_line_gets_its_error_in_place_and_the_batch_goes_on():
    ctx = Context(IPATINGA, ON)
    good = {"service": "mototaxi", "grant_on": "2026-06-01", "active_permits": 759}
    lines = [
        json.dumps(good),
        "{not json",
        "",
        json.dumps({"service": "mototaxi"}),
        json.dumps(good),
    ]
    got = list(batch.answer_lines(QUOTA, ctx, lines))
    assert [a.line for a in got] == [1, 2, 4, 5]
    assert got[0].decision is not None and got[3].decision is not None
    # Art. 10 I: ⌊227 731 / 300⌋ = 759 places, all taken.
    assert got[0].decision.outcome["may_grant"] is False
    assert "linha 2: JSON inválido" in got[1].error
    assert {f["field"] for f in got[2].fields} >= {"(raiz)"}
    assert "active_permits" in got[2].error


def test_a_law_the_municipality_does_not_apply_is_refused_before_any_line():
    ctx = Context(BARRA_DO_GARCAS, ON)
    with pytest.raises(questions.LawNotApplicable, match="não se aplica"):
        list(batch.answer_lines(QUOTA, ctx, ["{}"]))


def test_the_municipal_data_file_holds_what_the_context_reads():
    for m in (IPATINGA, BARRA_DO_GARCAS):
        assert municipal_data.from_json(json.loads(json.dumps(municipal_data.to_json(m)))) == m


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": 9}, "version"),
        (
            {"populations": [{"value": 1, "reference_year": 2022, "effective": "2023-02-30"}]},
            "data",
        ),
        ({"slug": None, "name": None} | {"ibge_code": None}, ""),
    ],
)
def test_a_malformed_data_file_is_refused_naming_the_field(change, message):
    data = municipal_data.to_json(IPATINGA) | change
    if change.get("slug", 1) is None:
        del data["slug"]
        message = "slug"
    with pytest.raises(municipal_data.DataFileInvalid, match=message):
        municipal_data.from_json(data)


def write(tmp_path: Path, facts: list[dict]) -> tuple[Path, Path]:
    data = tmp_path / "ipatinga.json"
    data.write_text(json.dumps(municipal_data.to_json(IPATINGA)), "utf-8")
    ndjson = tmp_path / "fatos.ndjson"
    ndjson.write_text("".join(json.dumps(f) + "\n" for f in facts), "utf-8")
    return data, ndjson


def test_the_cli_batch_with_a_data_file_writes_one_decision_per_line(tmp_path, capsys):
    facts = fact_sets(30)
    data, ndjson = write(tmp_path, facts)
    out = tmp_path / "decisoes.ndjson"
    argv = ["explain", VEHICLE, "--batch", str(ndjson), "--on", ON.isoformat()]
    assert cli.main([*argv, "--data", str(data), "--out", str(out)]) == 0
    written = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    alone = [questions.ask(VEHICLE, Context(IPATINGA, ON), f).to_json() for f in facts]
    assert [w["decision"] for w in written] == alone
    assert capsys.readouterr().err == ""  # no progress bar outside a terminal


def test_the_cli_exits_1_when_a_line_is_refused_and_2_on_a_bad_file(tmp_path, capsys):
    data, ndjson = write(tmp_path, [{"service": "mototaxi"}])
    argv = ["explain", VEHICLE, "--batch", str(ndjson), "--on", ON.isoformat(), "--data"]
    assert cli.main([*argv, str(data)]) == 1
    assert "1 linha(s) com erro" in capsys.readouterr().err
    assert cli.main([*argv, str(tmp_path / "nao-existe.json")]) == 2
    assert "--data: não foi possível ler" in capsys.readouterr().err
    bad_day = ["explain", VEHICLE, "--batch", str(ndjson), "--on", "2026-02-30", "--data"]
    assert cli.main([*bad_day, str(data)]) == 2
    assert "--on: data inválida" in capsys.readouterr().err


def test_only_what_reads_the_records_needs_the_database():
    assert cli.needs_database(["explain", VEHICLE, "--facts", "f", "--municipality", "ipatinga"])
    assert cli.needs_database(["data", "--municipality", "ipatinga"])
    assert not cli.needs_database(["explain", VEHICLE, "--facts", "f", "--data", "d.json"])
    assert not cli.needs_database(["explain", VEHICLE, "--facts", "f", "--data=d.json"])
    assert not cli.needs_database(["list"])
    assert not cli.needs_database(["schema", VEHICLE])


def test_the_command_answers_a_law_question_without_loading_django(tmp_path):
    facts = fact_sets(1)
    data, _ = write(tmp_path, facts)
    one = tmp_path / "um.json"
    one.write_text(json.dumps(facts[0]), "utf-8")
    probe = (
        "import sys; from outorga import cli\n"
        "try:\n"
        f"    cli.main(['law', 'explain', {VEHICLE!r}, '--facts', {str(one)!r}, "
        f"'--on', {ON.isoformat()!r}, '--data', {str(data)!r}])\n"
        "except SystemExit as e:\n"
        "    assert e.code == 0, e.code\n"
        "print('django' in sys.modules, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src")},
        check=True,
    )
    assert done.stderr.strip() == "False"
    decision = json.loads(done.stdout)
    assert decision == questions.ask(VEHICLE, Context(IPATINGA, ON), facts[0]).to_json()


def test_every_question_s_facts_schema_is_a_valid_json_schema():
    # Checked when a question is first asked, no longer on import (the CLI's start): all here.
    for q in questions.registry().values():
        questions.check_schema(q)


@pytest.mark.parametrize("qid", sorted(QUESTIONS))
def test_a_batch_line_is_the_json_of_the_decision_to_the_byte(qid):
    """``render`` writes a full explanation from pieces encoded once (a citation's JSON, a
    parameter's); the line is still ``json.dumps`` of the answer, byte for byte — the same
    generated cases as the lazy explanations', every question of the equivalence corpus."""
    rng = random.Random(11)
    written = 0
    for _ in range(40):
        case = generated_case(qid, rng)
        ctx = Context(TOWNS[case["town"]], dt.date.fromisoformat(case["on"]))
        a = batch.answer(questions.get(qid), ctx, 3, case["facts"])
        expected = json.dumps(a.to_json(), ensure_ascii=False, separators=(",", ":"))
        assert batch.render(a) == expected
        assert batch.render(a) == expected  # and again, from the pieces kept
        written += a.decision is not None
    assert written >= 20


_SCALARS = (
    st.text(max_size=6)
    | st.integers()
    | st.booleans()
    | st.none()
    | st.dates()
    | st.floats(allow_nan=False)
    | st.decimals(allow_nan=False, allow_infinity=False, places=2)
)


@given(
    st.dictionaries(
        st.text(max_size=5) | st.integers(),
        st.recursive(
            _SCALARS,
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(st.text(max_size=3), inner, max_size=3)
            ),
            max_leaves=6,
        ),
        max_size=5,
    )
)
def test_a_reasons_facts_are_written_as_the_encoder_writes_them(facts):
    """The facts of a reason are written by hand for the common values (texts, numbers, yes or
    no, dates): the same bytes as ``json.dumps(jsonable(facts))``, for any value and any name."""
    from outorga.law.decisions import jsonable

    expected = json.dumps(jsonable(facts), ensure_ascii=False, separators=(",", ":"))
    assert batch._facts_json(facts) == expected


def test_a_facts_name_that_is_a_str_subclass_is_written_as_the_encoder_writes_it():
    """A name equal to a name already written (a str-valued enum member that is not a
    ``StrEnum``) is still written as ``jsonable`` turns it into text, not as the cached name."""
    import enum

    from outorga.law.decisions import jsonable

    class K(str, enum.Enum):  # noqa: UP042 - the case: not a StrEnum
        A = "kind"

    batch._facts_json({"kind": 1})  # the plain name is cached first
    facts = {K.A: 1}
    expected = json.dumps(jsonable(facts), ensure_ascii=False, separators=(",", ":"))
    assert batch._facts_json(facts) == expected
