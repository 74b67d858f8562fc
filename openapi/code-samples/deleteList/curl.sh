curl -sS --fail-with-body -X DELETE -H "Authorization: Bearer $API_KEY" \
  "http://localhost:3000/v1/lists/$LIST_ID"
