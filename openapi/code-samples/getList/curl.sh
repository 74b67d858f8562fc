# LIST_ID: a list's id (GET /v1/lists)
curl -sS --fail-with-body -H "Authorization: Bearer $API_KEY" \
  "http://localhost:3000/v1/lists/$LIST_ID"
