# {"entreprise_ids": [...]} (up to 1,000, e.g. a page of search results) or {"task_id": ...}
curl -sS --fail-with-body -X POST -H "Authorization: Bearer $API_KEY" \
  -H "Content-Type: application/json" \
  -d "{\"entreprise_ids\": [\"$ENTREPRISE_ID\"]}" \
  "http://localhost:3000/v1/lists/$LIST_ID/leads/bulk"
