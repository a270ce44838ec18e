"""The counts a command is given (``compare --positions``, ``perft --depth``) are refused past their
limits with one line saying the limit, before any work starts; a count of thousands of digits is
echoed by its start."""

from __future__ import annotations

import pytest

from dagaz_studio.cli import main

#: The limit the README gives.
MAX_POSITIONS = 10_000_000


def _no_search(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("the comparison started")


@pytest.mark.parametrize("count", [MAX_POSITIONS + 1, 10**18, int("9" * 4000)], ids=["one-more", "1e18", "4000-digits"])
def test_compare_refuses_more_positions_than_its_limit_before_searching(
        count: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The same definitions agree on every position: a search of 10**18 would not end.
    monkeypatch.setattr("dagaz_studio.queries.compare.compare_kinds", _no_search)
    assert main(["compare", "chess", "N", "N", "--positions", str(count)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert f"at most {MAX_POSITIONS:,} positions" in err and len(err) < 300


def test_compare_takes_as_many_positions_as_its_limit(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from dagaz_studio.queries.compare import Comparison

    asked: list[int] = []

    def counted(_rules: object, _kinds: object, positions: int, *_rest: object, **_given: object) -> Comparison:
        asked.append(positions)
        return Comparison(False, positions)

    monkeypatch.setattr("dagaz_studio.queries.compare.compare_kinds", counted)
    assert main(["compare", "chess", "Rook", "(+)(([p]\\1))*", "--positions", str(MAX_POSITIONS), "--jobs", "1"]) == 0
    assert asked == [MAX_POSITIONS]
    assert f"no difference found in {MAX_POSITIONS:,} positions" in capsys.readouterr().out


@pytest.mark.parametrize("depth", [int("9" * 4000), -int("9" * 4000)], ids=["deep", "negative"])
def test_a_depth_of_thousands_of_digits_is_echoed_by_its_start(depth: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "chess", "--depth", str(depth)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "--depth" in err and len(err) < 300
