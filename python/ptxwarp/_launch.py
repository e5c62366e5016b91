"""Turning Kernel.run's Python arguments into a launch (the C++ Launch).

Only the conversion of Python values lives here; whether a value fits its
parameter (an integer in range, a buffer for a pointer parameter, every
parameter bound once) is decided by the library's Kernel::run, one set of
rules for C++, ptx-run and Python alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Sequence, Tuple, Union

from . import _core


@dataclass(frozen=True)
class Scalar:
    """A scalar with an explicit PTX type: ``Scalar("u32", 7)``,
    ``Scalar("f32", 1.5)``, ``Scalar("s64", -1)``."""

    type: str
    value: Union[int, float]

    def __post_init__(self) -> None:
        t = self.type.lstrip(".")
        if t not in _SCALAR_TYPES:
            raise ValueError(f"Scalar type must be one of "
                             f"{', '.join(sorted(_SCALAR_TYPES))}, "
                             f"not {self.type!r}")
        object.__setattr__(self, "type", t)


@dataclass(frozen=True)
class Address:
    """A raw address for a pointer parameter (ptx-run's ``ptr:0x...``)."""

    value: int


_INT_TYPES = {f"{k}{n}" for k in "us" for n in (8, 16, 32, 64)}
_SCALAR_TYPES = _INT_TYPES | {"f32", "f64"}

# struct/buffer-protocol format codes (what numpy arrays export too) -> the
# element type a buffer is reported with.
_FORMATS = {"b": "s8", "B": "u8", "h": "s16", "H": "u16", "i": "s32",
            "I": "u32", "l": "s64", "L": "u64", "q": "s64", "Q": "u64",
            "e": "f16", "f": "f32", "d": "f64"}


def _element_type(view: memoryview) -> str:
    code = view.format.lstrip("@=<>!")
    t = _FORMATS.get(code, "b8")
    if t != "b8" and int(t[1:]) != view.itemsize * 8:
        return "b8"  # 'l' is 4 bytes on some platforms: be exact or untyped
    return t


def _is_numpy_scalar(v: Any) -> bool:
    return hasattr(v, "dtype") and getattr(v, "shape", None) == () and \
        hasattr(v, "item") and not hasattr(v, "__len__")


def _numpy_scalar(v: Any) -> Scalar:
    kind, size = v.dtype.kind, v.dtype.itemsize * 8
    if kind in "iu" and size <= 64:
        return Scalar(("s" if kind == "i" else "u") + str(size), int(v))
    if kind == "f" and size in (32, 64):
        return Scalar(f"f{size}", float(v))
    raise TypeError(f"a numpy {v.dtype} scalar has no PTX parameter type; "
                    f"pass Scalar('b16', bits) for half precision")


def _scalar_for(param: Any, v: Any) -> Scalar:
    """A Python int or float as a value of the parameter's declared type."""
    t = param.type
    if isinstance(v, bool):
        raise TypeError(f"parameter '{param.name}' ({t}): a bool is not a "
                        f"PTX value; pass an int")
    bits = t[1:] if t[:1] in "usbf" and t[1:].isdigit() else ""
    if isinstance(v, int):
        if t[:1] in "us" and bits:
            return Scalar(t, v)
        if t[:1] == "b" and bits:
            return Scalar(("s" if v < 0 else "u") + bits, v)
        if t in ("f32", "f64"):
            return Scalar(t, float(v))
    elif isinstance(v, float):
        if t in ("f32", "f64"):
            return Scalar(t, v)
        if t in ("b32", "b64"):
            return Scalar("f" + bits, v)
        if t[:1] in "us":
            raise TypeError(f"parameter '{param.name}' is .{t}: a float is "
                            f"no value of it")
    else:
        raise TypeError(f"parameter '{param.name}' ({t}): cannot pass a "
                        f"{type(v).__name__}; pass an array, an int, a "
                        f"float, a numpy scalar or ptxwarp.Scalar")
    raise TypeError(f"parameter '{param.name}' is .{t}: pass "
                    f"ptxwarp.Scalar with an explicit type")


def _writer(obj: Any, view: memoryview) -> Callable[[bytes], None]:
    """How to put a buffer's final bytes back into the object passed in."""
    if view.contiguous:
        flat = view.cast("B")
        return lambda data: flat.__setitem__(slice(None), data)
    # A strided numpy view: numpy itself copies the C-order bytes back.
    import numpy as np
    return lambda data: np.copyto(
        obj, np.frombuffer(data, dtype=obj.dtype).reshape(obj.shape))


def build_launch(kernel: str, params: List[Any],
                 args: Union[Mapping[str, Any], Sequence[Any]],
                 error: type) -> Tuple[Any, Dict[str, Callable[[bytes], None]]]:
    """The C++ Launch for ``args``, and the writers of the buffers to copy
    back after the run. ``error``: the exception type for bad arguments."""
    by_name = {p.name: p for p in params}
    if isinstance(args, Mapping):
        items = list(args.items())
    elif isinstance(args, (str, bytes)) or not isinstance(args, Sequence):
        raise error(f"args must be a dict (by name) or a sequence (in "
                    f"order), not {type(args).__name__}")
    else:
        if len(args) > len(params):
            names = ", ".join(p.name for p in params) or "none"
            raise error(f"kernel '{kernel}' takes {len(params)} parameters "
                        f"({names}), got {len(args)} arguments")
        items = [(params[i].name, v) for i, v in enumerate(args)]
    launch = _core.Launch()
    writeback: Dict[str, Callable[[bytes], None]] = {}
    for name, value in items:
        if not isinstance(name, str):
            raise error(f"parameter names are str, not {name!r}")
        param = by_name.get(name)
        try:
            if isinstance(value, Address):
                launch.address(name, value.value)
                continue
            if isinstance(value, Scalar):
                launch.scalar(name, value.type, value.value)
                continue
            if _is_numpy_scalar(value):
                s = _numpy_scalar(value)
                launch.scalar(name, s.type, s.value)
                continue
            if isinstance(value, (int, float)):
                # An unknown name: Kernel::run reports it, with the names.
                s = _scalar_for(param, value) if param else Scalar(
                    "f64" if isinstance(value, float) else
                    "s64" if value < 0 else "u64", value)
                launch.scalar(name, s.type, s.value)
                continue
            try:
                view = memoryview(value)
            except TypeError:
                raise TypeError(
                    f"parameter '{name}': cannot pass a "
                    f"{type(value).__name__}; pass an array, an int, a "
                    f"float, a numpy scalar or ptxwarp.Scalar") from None
            data = view.tobytes()  # C order, whatever the strides
            launch.buffer(name, data, _element_type(view))
            if not view.readonly:
                writeback[name] = _writer(value, view)
        except (TypeError, ValueError, OverflowError) as e:
            raise error(str(e)) from None
    return launch, writeback
