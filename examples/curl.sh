#!/usr/bin/env sh
# curl against Veil (make run first). VEIL_URL and MODEL can be overridden.
VEIL_URL=${VEIL_URL:-http://127.0.0.1:8080}
MODEL=${MODEL:-smollm2-135m-instruct}
set -e
echo "--- what would leave the machine (preview) ---"
curl -sf "$VEIL_URL/v1/privacy/sanitize" -H 'content-type: application/json' \
  -d '{"text": "I am John Smith, SSN 123-45-6789, card 4111 1111 1111 1111, email john.smith@acme-corp.com"}'
echo
echo "--- a chat completion (note the x-veil-* headers) ---"
curl -sf -D - "$VEIL_URL/v1/chat/completions" -H 'content-type: application/json' -d "{
  \"model\": \"$MODEL\", \"max_tokens\": 60, \"temperature\": 0,
  \"messages\": [{\"role\": \"user\", \"content\": \"Repeat: my SSN is 123-45-6789 and my email is john.smith@acme-corp.com\"}]}"
echo
echo "--- streamed ---"
curl -sfN "$VEIL_URL/v1/chat/completions" -H 'content-type: application/json' -d "{
  \"model\": \"$MODEL\", \"stream\": true, \"max_tokens\": 40,
  \"messages\": [{\"role\": \"user\", \"content\": \"Say hello to John Smith\"}]}"
