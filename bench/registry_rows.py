"""A generated registry spreadsheet for the import and sweep benchmarks: ``n`` mototaxi and
motofrete permits (every tenth a motofrete), each with its person, CNH and vehicle, valid under
the Ipatinga mototaxi law. Every number is derived from the row's index (CPF, CNH and RENAVAM
with their check digits), so two runs generate the same file."""

from __future__ import annotations

import datetime as dt
import random

from validate_docbr import CNH, CPF, RENAVAM

HEADER = [
    "cpf", "nome", "data_nascimento", "tipo_sanguineo", "endereco", "municipio_residencia",
    "telefone", "cnh_numero", "cnh_categorias", "cnh_primeira_habilitacao",
    "cnh_categoria_a_desde", "cnh_validade", "cnh_ear", "placa", "renavam", "especie",
    "marca_modelo", "ano_fabricacao", "ano_modelo", "cilindrada", "cor", "combustivel", "aluguel",
    "uf_registro", "municipio_registro", "carga_dispositivo", "carga_limites_contran",
    "carga_retrovisores_livres", "sidecar", "semirreboque", "faixas_retrorrefletivas", "servico",
    "numero_permissao", "numero_registro", "data_outorga", "prazo_anos", "prorrogacoes",
    "fim_prazo", "certificado_valido_ate", "decreto", "situacao",
]  # fmt: skip
FIRST = ["José", "Maria", "Ana", "João", "Antônio", "Francisca", "Carlos", "Luíza", "Sebastião"]
LAST = ["Silva", "Santos", "Oliveira", "Souza", "Conceição", "Araújo", "Guimarães", "Simões"]
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_cpf, _cnh, _renavam = CPF(), CNH(), RENAVAM()


def cpf(i: int) -> str:
    digits = list(f"{100_000_000 + i:09d}")
    digits.append(_cpf._generate_first_digit(digits))
    digits.append(_cpf._generate_second_digit(digits))
    return "".join(digits)


def cnh(i: int) -> str:
    digits = list(f"{200_000_000 + i:09d}")
    digits.append(_cnh._generate_first_digit(digits))
    digits.append(_cnh._generate_second_digit(digits))
    return "".join(digits)


def renavam(i: int) -> str:
    digits = list(f"{3_000_000_000 + i:010d}")
    digits.append(_renavam._generate_last_digit(digits))
    return "".join(digits)


def plate(i: int) -> str:
    """Mercosul pattern ABC1D23, one per index."""
    a, rest = divmod(i, 26 * 26 * 10 * 26 * 100)
    b, rest = divmod(rest, 26 * 10 * 26 * 100)
    c, rest = divmod(rest, 10 * 26 * 100)
    d, rest = divmod(rest, 26 * 100)
    e, f = divmod(rest, 100)
    return f"{LETTERS[a % 26]}{LETTERS[b]}{LETTERS[c]}{d}{LETTERS[e]}{f:02d}"


def br(d: dt.date) -> str:
    return d.strftime("%d/%m/%Y")


def row(i: int, rng: random.Random, expiring: dt.date) -> list[str]:
    """Row ``i`` (its permit and register number); a third of the CNHs and of the registration certificates fall due within 30
    days around ``expiring`` (the sweep's date), the rest years away."""
    freight = i % 10 == 9
    granted = dt.date(2014, 1, 2) + dt.timedelta(days=rng.randrange(3650))
    if (granted.month, granted.day) == (2, 29):
        granted += dt.timedelta(days=1)  # keep the ten-year term's end on the same day
    # Born by 1990 and licensed at 19: at a grant from 2014 on, 21 years old with the category A
    # held for two years (mototaxi art. 5, I–II).
    born = dt.date(1965, 1, 1) + dt.timedelta(days=rng.randrange(25 * 365))
    licensed = born + dt.timedelta(days=365 * 19 + rng.randrange(300))
    soon = expiring + dt.timedelta(days=rng.randrange(-20, 31))
    later = expiring + dt.timedelta(days=400 + rng.randrange(1500))
    year = rng.randrange(2016, 2025)
    term_end = granted.replace(year=granted.year + 10)
    certificate = soon if i % 3 == 1 else later
    return [
        cpf(i),
        f"{rng.choice(FIRST)} {rng.choice(LAST)} {rng.choice(LAST)} {i}",
        br(born),
        rng.choice(["O+", "A+", "B-", ""]),
        f"Rua Exemplo, {i % 2000}",
        "Ipatinga",
        f"(31) 9{i % 10**8:08d}",
        cnh(i),
        "AB",
        br(licensed),
        br(licensed),
        br(soon if i % 3 == 0 else later),
        "sim",
        plate(i),
        renavam(i),
        "motocicleta",
        "Honda CG 160 (exemplo)",
        str(year),
        str(year),
        "160",
        rng.choice(["vermelha", "preta", "branca"]),
        "flex",
        "sim",
        "MG",
        "Ipatinga",
        "bau" if freight else "",
        "sim" if freight else "",
        "sim" if freight else "",
        "não" if freight else "",
        "não" if freight else "",
        "não" if freight else "",
        "motofrete" if freight else "mototaxi",
        f"{'MF' if freight else 'MT'}-{i:06d}",
        str(i),
        br(granted),
        "10",
        "0",
        br(term_end),
        br(certificate),
        f"Decreto {1000 + i % 9000}/{granted.year} (exemplo)",
        "ativa",
    ]


def registry_csv(n: int, expiring: dt.date, first: int = 1, seed: int = 23) -> bytes:
    """Rows ``first`` to ``first + n - 1``, as the municipality would save the spreadsheet:
    ``;``-separated UTF-8."""
    rng = random.Random(seed)
    lines = [";".join(HEADER)]
    lines += (";".join(row(i, rng, expiring)) for i in range(first, first + n))
    return ("\n".join(lines) + "\n").encode("utf-8")
