curl -sS --fail-with-body -H "Authorization: Bearer $API_KEY" \
  "http://localhost:3000/v1/credits/ledger?per_page=20"
