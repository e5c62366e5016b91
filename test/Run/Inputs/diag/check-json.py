"""check-json.py FILE KEY...: loads FILE as one JSON document (failing if it
is not) and prints 'KEY value' for each dotted KEY (a.0.b), strings as they
are, cut at the first newline."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for key in sys.argv[2:]:
    v = doc
    for part in key.split('.'):
        v = v[int(part)] if isinstance(v, list) else v[part]
    print(key, v.splitlines()[0] if isinstance(v, str) and v else v)
