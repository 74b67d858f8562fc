curl -sS --fail-with-body -X PATCH -H "Authorization: Bearer $API_KEY" \
  -H "Content-Type: application/json" \
  -d '{"nom": "BTP Alger - relances de juin"}' \
  "http://localhost:3000/v1/lists/$LIST_ID"
