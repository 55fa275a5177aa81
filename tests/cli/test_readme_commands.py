"""The README's install commands are what CI runs, and they work on a fresh machine."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def readme_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Install and run"):text.index("## Four ways in")]
    return re.findall(r"```sh\n(.*?)\n```", section, re.S)


def test_ci_runs_exactly_the_readme_commands():
    commands = readme_commands()
    assert len(commands) == 2
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in commands:
        assert command in ci, f".ci/run does not run the README's line: {command}"


def test_readme_commands_need_no_activated_venv_nor_system_pip():
    """PEP 668 systems refuse `pip install` outside a venv; an unactivated venv has no
    `gradcalc` on PATH: each line makes its venv and calls its python by path."""
    for command in readme_commands():
        assert command.startswith("python3 -m venv .venv && .venv/bin/python -m pip install ")
        assert " gradcalc " not in f" {command.split('&&')[-1]} ".replace("-m gradcalc", "")


def test_ci_clones_into_a_directory_with_nothing_beside_it():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "mktemp -d" in ci and "git clone" in ci


def test_lark_is_only_a_dev_dependency():
    tomllib = pytest.importorskip("tomllib")  # 3.11+
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not any(dep.startswith("lark") for dep in project["dependencies"])
    from gradcalc.parser import _tables
    assert f"lark=={_tables.LARK_VERSION}" in project["optional-dependencies"]["dev"]
