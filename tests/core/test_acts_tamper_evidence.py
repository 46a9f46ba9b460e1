"""Issue #19, item 2: a cut tail or a wiped acts log is reported, naming the acts missing.

The attacks are the issue's own: delete the last acts and reset ``core_actchain`` as a superuser
(triggers bypassed), and TRUNCATE the log after disabling its triggers. The hash chain alone
passes both; the signed checkpoints kept outside the database do not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from dbrole_factories import as_superuser
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from outorga.core import sweep
from outorga.core.acts import Actor, record_act, verify_chain
from outorga.core.checkpoints import CheckpointRefused, checkpoint_create
from outorga.core.models import Act, ActChain, ActCheckpoint
from outorga.core.tenancy import unscoped


def _append(m, n: int) -> list[Act]:  # type: ignore[no-untyped-def]
    return [
        record_act(
            municipality=m,
            actor=Actor.system(),
            action="test.act",
            object_type="teste",
            object_id=str(i),
            new={"i": i},
        )
        for i in range(n)
    ]


def _as_superuser(*statements: tuple[str, list]) -> None:  # type: ignore[type-arg]
    """Raw SQL as an attacker holding the superuser would run it (triggers bypassed on PG)."""
    with as_superuser(), connection.cursor() as cur:
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL session_replication_role = replica")
        for sql, params in statements:
            cur.execute(sql, params)
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL session_replication_role = origin")


def _checkpoint_file(m, folder: Path) -> tuple[Path, int]:  # type: ignore[no-untyped-def]
    path = folder / "ponto.json"
    call_command("audit", "checkpoint", "--municipality", m.slug, "--out", str(path))
    return path, json.loads(path.read_text())["last_seq"]


def _cut_tail(m, keep: int) -> None:  # type: ignore[no-untyped-def]
    """Delete every act after ``keep`` and move the chain head back to it."""
    with unscoped():
        kept = Act.objects.get(municipality=m, seq=keep)
    _as_superuser(
        ("DELETE FROM core_act WHERE municipality_id = %s AND seq > %s", [m.pk, keep]),
        (
            "UPDATE core_actchain SET last_seq = %s, last_hash = %s WHERE municipality_id = %s",
            [keep, kept.hash, m.pk],
        ),
    )


def _verify(*args: str) -> tuple[int, str]:
    from io import StringIO

    out = StringIO()
    try:
        call_command("audit", "verify", *args, stdout=out)
    except SystemExit as exc:
        return int(exc.code or 0), out.getvalue()
    return 0, out.getvalue()


def test_a_checkpoint_is_a_signed_file_of_the_chain_head(ipatinga_m, tmp_path):
    _append(ipatinga_m, 3)
    path, last = _checkpoint_file(ipatinga_m, tmp_path)
    data = json.loads(path.read_text())
    with unscoped():
        head = ActChain.objects.get(municipality=ipatinga_m)
    assert data["municipality"]["ibge_code"] == ipatinga_m.ibge_code
    assert (data["last_seq"], data["count"], data["head_hash"]) == (
        head.last_seq,
        head.last_seq,
        head.last_hash,
    )
    assert data["signature"] and data["public_key"] and data["key_id"] >= 1 and data["time"]
    with unscoped():
        assert ActCheckpoint.objects.filter(municipality=ipatinga_m, last_seq=last).exists()
    code, out = _verify("--municipality", "ipatinga", "--checkpoint", str(path))
    assert code == 0, out
    assert "íntegro" in out and "ponto(s) de controle conferido(s)" in out


def test_a_cut_tail_with_the_head_reset_is_named_by_its_range(ipatinga_m, tmp_path):
    _append(ipatinga_m, 5)
    path, last = _checkpoint_file(ipatinga_m, tmp_path)
    _cut_tail(ipatinga_m, last - 3)
    # The chain alone still fits: that is the hole the checkpoint closes.
    assert verify_chain(ipatinga_m).ok
    code, out = _verify("--municipality", "ipatinga", "--checkpoint", str(path))
    assert code == 1
    assert f"atos {last - 2} a {last} ausentes" in out
    assert "ADULTERADO" in out


def test_the_recorded_checkpoints_alone_report_a_cut_tail(ipatinga_m, tmp_path):
    _append(ipatinga_m, 4)
    _, last = _checkpoint_file(ipatinga_m, tmp_path)
    _cut_tail(ipatinga_m, last - 1)
    code, out = _verify("--municipality", "ipatinga")
    assert code == 1
    assert f"ato {last} ausente" in out


def test_acts_appended_after_a_checkpoint_still_verify(ipatinga_m, tmp_path):
    _append(ipatinga_m, 2)
    path, _ = _checkpoint_file(ipatinga_m, tmp_path)
    _append(ipatinga_m, 2)
    code, out = _verify("--municipality", "ipatinga", "--checkpoint", str(path))
    assert code == 0, out


def test_a_chain_rewritten_up_to_the_checkpoint_is_reported(ipatinga_m, tmp_path):
    _append(ipatinga_m, 3)
    path, last = _checkpoint_file(ipatinga_m, tmp_path)
    # Cut back two acts, then let the application write two new ones in their place: the chain
    # fits and reaches the same length, but the act the checkpoint signed is another.
    _cut_tail(ipatinga_m, last - 2)
    _append(ipatinga_m, 2)
    assert verify_chain(ipatinga_m).ok
    code, out = _verify("--municipality", "ipatinga", "--checkpoint", str(path))
    assert code == 1
    assert f"o ato {last} não é o que o ponto de controle" in out


def test_an_edited_checkpoint_file_fails_its_signature(ipatinga_m, tmp_path):
    _append(ipatinga_m, 3)
    path, last = _checkpoint_file(ipatinga_m, tmp_path)
    data = json.loads(path.read_text())
    data["last_seq"] = data["count"] = last - 2  # a forger hiding the last acts
    forged = tmp_path / "forjado.json"
    forged.write_text(json.dumps(data))
    code, out = _verify("--municipality", "ipatinga", "--checkpoint", str(forged))
    assert code == 1
    assert "assinatura não confere" in out


def test_a_file_that_is_not_a_checkpoint_is_refused(ipatinga_m, tmp_path):
    other = tmp_path / "outro.json"
    other.write_text('{"format": "outra-coisa"}')
    with pytest.raises(CommandError, match="não é um ponto de controle"):
        call_command("audit", "verify", "--checkpoint", str(other))


def test_a_broken_chain_gets_no_checkpoint(ipatinga_m):
    acts = _append(ipatinga_m, 3)
    _as_superuser(("DELETE FROM core_act WHERE id = %s", [acts[1].pk]))
    with pytest.raises(CheckpointRefused, match=f"ato nº {acts[1].seq}"):
        checkpoint_create(municipality=ipatinga_m, actor=Actor.system())


def test_the_sweep_writes_a_checkpoint_once_per_head(ipatinga_m, tmp_path, settings):
    settings.OUTORGA_CHECKPOINT_DIR = str(tmp_path)
    assert list(sweep.steps())[-1] == "checkpoint"
    on = ipatinga_m.created_at.date()
    first = [r.result for r in sweep.run(on, ipatinga_m, only=["checkpoint"])]
    again = [r.result for r in sweep.run(on, ipatinga_m, only=["checkpoint"])]
    assert first[0].changes == 1 and again[0].changes == 0
    written = list(tmp_path.glob("ipatinga-ato-*.json"))
    assert len(written) == 1
    code, out = _verify("--municipality", "ipatinga", "--checkpoint", str(written[0]))
    assert code == 0, out


def test_without_a_checkpoint_dir_the_sweep_writes_none(settings):
    settings.OUTORGA_CHECKPOINT_DIR = ""
    assert "checkpoint" not in sweep.steps()


@pytest.mark.postgres
def test_a_truncated_log_is_named_by_its_range(ipatinga_m, tmp_path):
    _append(ipatinga_m, 3)
    path, last = _checkpoint_file(ipatinga_m, tmp_path)
    with as_superuser(), connection.cursor() as cur:
        # Django's foreign keys are deferred: settle them, or PostgreSQL refuses the ALTER.
        cur.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for table in ("core_act", "core_actchain", "core_actcheckpoint"):
            cur.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        cur.execute("TRUNCATE core_act, core_actchain, core_actcheckpoint CASCADE")
    assert verify_chain(ipatinga_m).ok  # nothing left to contradict itself
    code, out = _verify("--municipality", "ipatinga", "--checkpoint", str(path))
    assert code == 1
    assert f"atos 1 a {last} ausentes" in out
    assert "truncado" in out


@pytest.mark.postgres
@pytest.mark.parametrize("table", ["core_act", "core_actchain", "core_actcheckpoint"])
def test_postgres_refuses_truncate_of_the_acts_tables_even_to_a_superuser(ipatinga_m, table):
    _append(ipatinga_m, 1)
    with as_superuser(), pytest.raises(DatabaseError, match="TRUNCATE"):
        with transaction.atomic(), connection.cursor() as cur:
            cur.execute(f"TRUNCATE {table} CASCADE")


@pytest.mark.postgres
@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE core_actchain SET last_seq = 0 WHERE municipality_id = %s",
        "DELETE FROM core_actchain WHERE municipality_id = %s",
    ],
)
def test_postgres_the_chain_head_only_moves_forward(ipatinga_m, statement):
    _append(ipatinga_m, 2)
    with as_superuser(), pytest.raises(DatabaseError, match="só avança"):
        with transaction.atomic(), connection.cursor() as cur:
            cur.execute(statement, [ipatinga_m.pk])


@pytest.mark.postgres
@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE core_actcheckpoint SET last_seq = 0 WHERE municipality_id = %s",
        "DELETE FROM core_actcheckpoint WHERE municipality_id = %s",
    ],
)
def test_postgres_checkpoints_are_append_only(ipatinga_m, tmp_path, statement):
    _append(ipatinga_m, 1)
    _checkpoint_file(ipatinga_m, tmp_path)
    with as_superuser(), pytest.raises(DatabaseError, match="somente de inclusão"):
        with transaction.atomic(), connection.cursor() as cur:
            cur.execute(statement, [ipatinga_m.pk])


def test_each_municipality_s_checkpoint_is_checked_with_its_own_key(ipatinga_m, barra_m, tmp_path):
    _append(barra_m, 1)
    _append(ipatinga_m, 1)
    barra, _ = _checkpoint_file(barra_m, tmp_path / "barra")
    ipatinga, _ = _checkpoint_file(ipatinga_m, tmp_path / "ipatinga")
    code, out = _verify("--checkpoint", str(barra), "--checkpoint", str(ipatinga))
    assert code == 0, out
    assert "ipatinga: íntegro" in out and "barra-do-garcas: íntegro" in out
