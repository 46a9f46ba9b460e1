import datetime as dt
from collections.abc import Callable

import pytest

from outorga.demo import BARRA_DO_GARCAS, IPATINGA
from outorga.law.context import Context


@pytest.fixture
def ipatinga() -> Callable[[dt.date], Context]:
    return lambda on: Context(IPATINGA, on)


@pytest.fixture
def barra() -> Callable[[dt.date], Context]:
    return lambda on: Context(BARRA_DO_GARCAS, on)
