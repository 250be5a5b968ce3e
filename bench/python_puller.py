"""The peer of bench/client_bench.ts: a thread-pooled Python puller of the registry search.

Page 1 first (it tells the total), then pages 2..N by C threads, each with its own keep-alive
connection (http.client, the standard library: no install needed), every page parsed with json;
the rows become a pandas DataFrame when pandas is installed (as an analyst's script would do).
Prints one JSON line: {"ms": elapsed, "rows": n, "frame": "pandas" | "list"}.

Usage: python3 bench/python_puller.py BASE_URL API_KEY PAGES PAGE_SIZE CONCURRENCY
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

base, key, pages, size, conc = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
url = urllib.parse.urlsplit(base)
local = threading.local()


def get(page):
    conn = getattr(local, "conn", None)
    if conn is None:
        conn = local.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    conn.request("GET", f"/api/v1/clinical-trials?limit={size}&page={page}", headers={"x-api-key": key})
    res = conn.getresponse()
    body = res.read()
    if res.status != 200:
        raise RuntimeError(f"page {page}: HTTP {res.status}")
    return json.loads(body)["data"]


start = time.perf_counter()
rows = list(get(1))
with ThreadPoolExecutor(max_workers=conc) as pool:
    for data in pool.map(get, range(2, pages + 1)):
        rows.extend(data)
try:
    import pandas

    frame, kind = pandas.DataFrame(rows), "pandas"
except ImportError:
    frame, kind = rows, "list"
ms = (time.perf_counter() - start) * 1000
print(json.dumps({"ms": ms, "rows": len(frame), "frame": kind}))
