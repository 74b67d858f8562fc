curl -sS --fail-with-body -X POST -H "Authorization: Bearer $API_KEY" \
  -H "Content-Type: application/json" \
  -d '{"name": "CRM sync", "expires_in_days": 90}' \
  http://localhost:3000/v1/api-keys
