"""The law as data: load grownj/parameters.yaml into a frozen, cited `Law`."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

import yaml

PARAMETERS_FILE = Path(__file__).with_name("parameters.yaml")
REQUIRED_KEYS = ("description", "unit", "value", "reference")
REFERENCE_KEYS = ("act", "bill", "sub", "njsa")


class LawError(ValueError):
    """The parameter file is malformed: a duplicate, an uncited or an incomplete entry."""


class _UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML keeps the last of two equal keys silently; a law file must not."""


def _construct_unique_mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False):
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise LawError(f"duplicate key {key!r} at line {key_node.start_mark.line + 1}")
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_unique_mapping)


def _number(value: Any) -> Any:
    """'1/3' in the file is an exact fraction of the text ('reduced by one-third')."""
    if isinstance(value, str) and "/" in value:
        return float(Fraction(value))
    if isinstance(value, list):
        return tuple(_number(v) for v in value)
    return value


@dataclass(frozen=True)
class Parameter:
    name: str
    description: str
    unit: str
    value: Any
    group: str
    reference: Mapping[str, Any]
    note: str | None = None

    @property
    def citation(self) -> str:
        """Short cite as the app shows it, e.g. 's.5 c(6), C.34:1B-246'."""
        ref = self.reference
        para = str(ref.get("para", ""))
        where = f"{ref['sub']}{para if para.startswith('(') or not para else ' ' + para}" if ref.get("sub") else ""
        return f"s.{ref['act']} {where}".rstrip() + f", {ref['njsa']}"


class Law:
    """The parameters by name: `law.base_other`, `law["cap_uth"]`, `law.parameter("cap_uth")`."""

    def __init__(self, parameters: Mapping[str, Parameter]):
        self._parameters = MappingProxyType(dict(parameters))

    def __getattr__(self, name: str) -> Any:
        try:
            return self._parameters[name].value
        except KeyError:
            raise AttributeError(f"no parameter named {name!r}") from None

    __getitem__ = __getattr__

    def parameter(self, name: str) -> Parameter:
        return self._parameters[name]

    def cite(self, name: str) -> str:
        return self._parameters[name].citation

    @property
    def parameters(self) -> Mapping[str, Parameter]:
        return self._parameters


def parse_parameters(text: str) -> dict[str, Parameter]:
    raw = yaml.load(text, Loader=_UniqueKeyLoader)
    if not isinstance(raw, dict):
        raise LawError("the parameter file must be a mapping of names to entries")
    parameters = {}
    for name, entry in raw.items():
        missing = [k for k in REQUIRED_KEYS if not isinstance(entry, dict) or k not in entry]
        if missing:
            raise LawError(f"parameter {name!r} lacks {', '.join(missing)}")
        ref = entry["reference"]
        if not isinstance(ref, dict) or any(k not in ref for k in REFERENCE_KEYS):
            raise LawError(f"parameter {name!r}: reference needs {', '.join(REFERENCE_KEYS)}")
        parameters[name] = Parameter(
            name=name,
            description=entry["description"],
            unit=entry["unit"],
            value=_number(entry["value"]),
            group=entry.get("group", "other"),
            reference=MappingProxyType(dict(ref)),
            note=entry.get("note"),
        )
    return parameters


@lru_cache(maxsize=1)
def enacted() -> Law:
    """The law as enacted (committee amendments adopted)."""
    return Law(parse_parameters(PARAMETERS_FILE.read_text()))
