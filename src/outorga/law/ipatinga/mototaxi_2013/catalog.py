"""The infraction catalog (art. 37–41): every inciso as data, with its nature, its fine in UFPI
(from the dated parameters, §1 of each article) and whether it also seizes the vehicle (§2)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from outorga.law.citations import Citation
from outorga.law.context import Context
from outorga.law.parameters import ParameterValue

from ._common import Severity, art, param

#: Article of each nature (art. 38 leve, 39 média, 40 grave, 41 gravíssima).
ARTICLE_OF: dict[Severity, int] = {
    Severity.LEVE: 38,
    Severity.MEDIA: 39,
    Severity.GRAVE: 40,
    Severity.GRAVISSIMA: 41,
}


@dataclass(frozen=True)
class InfractionType:
    """One inciso of art. 38–41. ``code`` is ``art<N>-<inciso>``, e.g. ``art38-I``."""

    code: str
    article: int
    inciso: str
    description: str
    severity: Severity
    seizure: bool

    @property
    def citation(self) -> Citation:
        return art(self.article, inc=self.inciso)

    @property
    def fine_citation(self) -> Citation:
        """§1º of the article: the fine for this nature."""
        return art(self.article, 1)

    @property
    def seizure_citation(self) -> Citation:
        """§2º of the article: the incisos that also seize the vehicle."""
        return art(self.article, 2)

    def fine_units(self, ctx: Context, on: dt.date | None = None) -> ParameterValue:
        """The fine in UFPI in force on ``on`` (the date the infraction was committed, D-15)."""
        return fine_units(ctx, self.severity, on)


def fine_units(ctx: Context, severity: Severity, on: dt.date | None = None) -> ParameterValue:
    return param(ctx, f"fines.{severity.value}", on)


def _t(severity: Severity, inciso: str, description: str, seizure: bool = False) -> InfractionType:
    article = ARTICLE_OF[severity]
    return InfractionType(f"art{article}-{inciso}", article, inciso, description, severity, seizure)


L, M, G, GG = Severity.LEVE, Severity.MEDIA, Severity.GRAVE, Severity.GRAVISSIMA

#: Every infraction of the law, in the order of the articles. Seizure per §2º of each article:
#: leve I, XI; média I, VI, X, XIV; grave III, IX, XIII; gravíssima I, II.
CATALOG: tuple[InfractionType, ...] = (
    # Art. 38 — leves
    _t(
        L,
        "I",
        "Deixar de executar o plano de manutenção preventiva recomendada pelo fabricante "
        "e/ou pelo órgão de trânsito e transportes do Município",
        seizure=True,
    ),
    _t(
        L,
        "II",
        "Apresentar-se o permissionário ou o condutor auxiliar para o serviço em "
        "condições inadequadas de asseio",
    ),
    _t(L, "III", "Lavar, consertar ou reparar o veículo em logradouro público"),
    _t(L, "IV", "Deixar de fornecer touca higiênica descartável ao passageiro ou cobrar por isso"),
    _t(
        L,
        "V",
        "Deixar de atender ao pedido de embarque e desembarque de passageiro em locais autorizados",
    ),
    _t(L, "VI", "Fumar ou admitir que alguém fume durante o percurso de viagem"),
    _t(L, "VII", "Abastecer o veículo quando transportando passageiro"),
    _t(
        L,
        "VIII",
        "Utilizar trajes impróprios ou ofensivos à moral e aos bons costumes no "
        "transporte de pessoas",
    ),
    _t(L, "IX", "Aliciar passageiros"),
    _t(
        L,
        "X",
        "Deixar de retirar o capacete ao adentrar em repartições públicas ou "
        "estabelecimentos comerciais",
    ),
    _t(
        L,
        "XI",
        "Deixar de descaracterizar o veículo, quando da substituição ou da baixa do mesmo",
        seizure=True,
    ),
    _t(L, "XII", "Estar indevidamente trajado"),
    # Art. 39 — médias
    _t(
        M, "I", "Operar ponto em local não permitido pelo órgão municipal de trânsito", seizure=True
    ),
    _t(
        M,
        "II",
        "Forçar a saída de outro mototaxista e/ou motofrete estacionado, ou dificultar seu "
        "estacionamento, em ponto de mototáxi",
    ),
    _t(
        M,
        "III",
        "Utilizar o veículo para quaisquer outros fins não autorizados pelo órgão "
        "municipal de trânsito",
    ),
    _t(
        M,
        "IV",
        "Utilizar subterfúgios ou meio ardil para recusar-se a transportar passageiro, "
        "salvo por motivo plenamente justificável",
    ),
    _t(
        M,
        "V",
        "Deixar de adotar as providências solicitadas pela fiscalização para corrigir as "
        "irregularidades detectadas",
    ),
    _t(
        M,
        "VI",
        "Deixar de submeter o veículo à vistoria de rotina ou quando determinado pelo "
        "órgão municipal de trânsito",
        seizure=True,
    ),
    _t(
        M,
        "VII",
        "Utilizar veículo fora das características e especificações estabelecidas pelo "
        "órgão municipal de trânsito",
    ),
    _t(
        M,
        "VIII",
        "Manter em serviço o veículo cujo impedimento de operar tenha sido determinado "
        "pelo órgão municipal de trânsito",
    ),
    _t(M, "IX", "Deixar de substituir o veículo com a idade limite ultrapassada"),
    _t(
        M,
        "X",
        "Deixar de providenciar outro veículo para o transporte de passageiros, em caso de "
        "interrupção de viagem",
        seizure=True,
    ),
    _t(M, "XI", "Cobrar ou deixar de devolver a tarifa paga, no caso de interrupção de viagem"),
    _t(
        M,
        "XII",
        "Trafegar com capacete com data de validade vencida, conforme instrução do INMETRO",
    ),
    _t(
        M, "XIII", "Não portar os documentos obrigatórios exigidos pelo órgão municipal de trânsito"
    ),
    _t(
        M,
        "XIV",
        "Transitar sem e/ou com defeito de equipamento exigido pelo órgão municipal de trânsito",
        seizure=True,
    ),
    _t(M, "XV", "Utilizar equipamentos de som de qualquer natureza no veículo"),
    # Art. 40 — graves
    _t(G, "I", "Interromper a viagem, salvo em caso de avaria ou risco iminente"),
    _t(
        G,
        "II",
        "Operar o serviço sem os equipamentos de controle exigidos pelo órgão municipal de "
        "trânsito",
    ),
    _t(
        G,
        "III",
        "Deixar de recolher o veículo para reparo, quando solicitado pelo agente de fiscalização",
        seizure=True,
    ),
    _t(
        G,
        "IV",
        "Operar o serviço de mototáxi e/ou motofrete em veículo não autorizado para o mesmo",
    ),
    _t(
        G,
        "V",
        "Deixar o permissionário ou o condutor auxiliar, em serviço, de utilizar o colete "
        "e/ou capacete padronizados",
    ),
    _t(G, "VI", "Dificultar a ação fiscalizadora dos agentes da fiscalização"),
    _t(
        G,
        "VII",
        "Desacatar ou agredir fisicamente agente de fiscalização, passageiro ou colega de trabalho",
    ),
    _t(
        G,
        "VIII",
        "Operar sem os equipamentos de segurança exigidos pelo órgão municipal de trânsito",
    ),
    _t(
        G,
        "IX",
        "Permitir, na operação do serviço, condutor auxiliar com credenciamento vencido",
        seizure=True,
    ),
    _t(
        G,
        "X",
        "Interromper a operação do serviço sem prévia comunicação e anuência do órgão "
        "municipal de trânsito",
    ),
    _t(G, "XI", "Conduzir o veículo efetuando partidas, freadas ou conversões bruscas"),
    _t(
        G,
        "XII",
        "Utilizar ou concorrer, consciente e voluntariamente, para a utilização do "
        "veículo em prática de ação delituosa",
    ),
    _t(
        G,
        "XIII",
        "Comercializar, alugar ou arrendar a permissão e/ou o respectivo veículo para "
        "outro permissionário ou a terceiro",
        seizure=True,
    ),
    _t(
        G,
        "XIV",
        "Entregar a direção do veículo a condutor não cadastrado no órgão municipal de trânsito",
    ),
    # Art. 41 — gravíssimas
    _t(
        GG,
        "I",
        "Transportar ou permitir o transporte de explosivos, inflamáveis, drogas ilegais, "
        "objetos volumosos, cargas ou animais que comprometam o conforto e a segurança do "
        "passageiro, crianças menores de 7 anos e mais de um passageiro",
        seizure=True,
    ),
    _t(
        GG,
        "II",
        "Cobrar tarifa diferente daquela estabelecida pelo Chefe do Poder Executivo",
        seizure=True,
    ),
)

BY_CODE: dict[str, InfractionType] = {t.code: t for t in CATALOG}
assert len(BY_CODE) == len(CATALOG), "duplicate infraction code"


def infraction_types() -> tuple[InfractionType, ...]:
    """The full catalog (art. 38–41), in the order of the law."""
    return CATALOG


def infraction_type(code: str) -> InfractionType:
    try:
        return BY_CODE[code]
    except KeyError:
        raise KeyError(f"infração desconhecida: {code}") from None
