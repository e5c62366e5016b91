#!/usr/bin/env python3
"""Builds the seed corpora of the fuzz targets from the project's own inputs.

    fuzz/make-corpus.py OUT_DIR

writes OUT_DIR/{ptx,launch}/: every PTX file under test/, examples/ and
bench/ up to MAX_BYTES (the ptx seeds serve fuzz-parse, fuzz-check and
fuzz-run), and for fuzz-launch the `--param`, `--grid`/`--block` values and
launch files the lit tests pass to ptx-run, each prefixed with the selector
byte fuzz-launch.cpp expects (0 launch file, 1 --param, 2 dims). Seeds are
named by content hash, so rerunning is idempotent.
"""
import hashlib
import os
import re
import sys

MAX_BYTES = 16 * 1024
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def put(directory, data):
    os.makedirs(directory, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(directory, name), "wb") as f:
        f.write(data)


def ptx_files():
    for top in ("test", "examples", "bench"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                if f.endswith(".ptx"):
                    yield os.path.join(dirpath, f)


def test_files():
    for dirpath, _, files in os.walk(os.path.join(ROOT, "test")):
        for f in files:
            if f.endswith((".test", ".ptx")):
                yield os.path.join(dirpath, f)


def main():
    out = sys.argv[1]
    n_ptx = 0
    for path in ptx_files():
        data = open(path, "rb").read()
        if len(data) <= MAX_BYTES:
            put(os.path.join(out, "ptx"), data)
            n_ptx += 1

    launch = set()
    for path in test_files():
        text = open(path, encoding="utf-8", errors="replace").read()
        for m in re.finditer(r"--param[ =](\S+)", text):
            launch.add(b"\x01" + m.group(1).encode())
        for m in re.finditer(r"--(?:grid|block)[ =](\S+)", text):
            launch.add(b"\x02" + m.group(1).encode())
        for m in re.finditer(r"echo '(\{.*?\})' >", text):
            launch.add(b"\x00" + m.group(1).encode())
    # Forms the tests may not spell out.
    launch.update([
        b'\x00{"entry":"k","grid":[2,1,1],"block":[32],"dynamic_shared_bytes":64,'
        b'"params":[{"name":"out","buffer":{"type":"s64","count":3,"data":[1,-2,3]}},'
        b'{"name":"n","scalar":{"type":"u32","bits":"0x10"}},'
        b'{"name":"x","scalar":{"type":"f32","value":-1.25}}]}',
        b'\x00{"params":[{"buffer":{"type":"f64","count":2,"bits":[1,2]}},'
        b'{"scalar":{"value":7}},{"scalar":{"type":"f32","bits":1065353216}}]}',
        b'\x00{"block":[1],"dynamic_shared_bytes":166848,"params":['
        b'{"name":"out","scalar":{"type":"ptr","value":"0x1000"}},'
        b'{"name":"n","scalar":{"type":"u32","value":4294967295}},'
        b'{"name":"x","scalar":{"type":"f32","bits":1065353216}},'
        b'{"name":"count","scalar":{"type":"u64","value":7}},'
        b'{"name":"s","scalar":{"type":"s8","value":-128}},'
        b'{"name":"b","scalar":{"type":"f32","value":1.5}},'
        b'{"name":"d","scalar":{"type":"f64","value":-2}}]}',
        b'\x00{"dynamic_shared":1,"params":[{"name":"n","scaler":{"value":1}}]}',
        b'\x00{"params":[{"buffer":{"type":"u8","count":2,"data":[1,300]}},'
        b'{"name":"n","scalar":{"type":"u32","value":-5}}]}',
        b"\x01out=ptr:0x1000",
        b"\x01n=f64:100",
        b"\x01out=u8[2]=1,2,3",
        b"\x01out=s16[4]=-1,0x7fff,3",
        b"\x01x=f64:1e-300",
        b"\x01n=s64:-9223372036854775808",
        b"\x021,2,3",
    ])
    for data in launch:
        put(os.path.join(out, "launch"), data)
    print("corpus: %d ptx seeds, %d launch seeds in %s" % (n_ptx, len(launch), out))


if __name__ == "__main__":
    main()
