curl -sS --fail-with-body -H "Authorization: Bearer $API_KEY" -o leads.csv \
  "http://localhost:3000/v1/lists/$LIST_ID/export"
