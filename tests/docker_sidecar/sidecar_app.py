"""The app in the sidecar test: the openai SDK pointed at Veil on the loopback the two containers share.

Prints one JSON line: the answer, Veil's headers and the seconds each of two identical requests took.
"""

import json
import os
import sys
import time

from openai import OpenAI

client = OpenAI(base_url=os.environ["OPENAI_BASE_URL"], api_key=os.environ["OPENAI_API_KEY"], max_retries=0)
seconds = []
for _ in range(2):
    start = time.perf_counter()
    raw = client.chat.completions.with_raw_response.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": sys.argv[1]}])
    seconds.append(time.perf_counter() - start)
reply = raw.parse()
print(json.dumps({"content": reply.choices[0].message.content, "entities": raw.headers.get("x-veil-entities"),
                  "mode": raw.headers.get("x-veil-mode"), "seconds": seconds}))
