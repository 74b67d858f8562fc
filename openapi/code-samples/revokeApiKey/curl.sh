# KEY_ID: the id of the key to revoke (GET /v1/api-keys lists them)
curl -sS --fail-with-body -X DELETE -H "Authorization: Bearer $API_KEY" \
  "http://localhost:3000/v1/api-keys/$KEY_ID"
