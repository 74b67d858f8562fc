curl -sS --fail-with-body -H "Authorization: Bearer $API_KEY" \
  "http://localhost:3000/v1/lists/$LIST_ID/leads?statut=nouveau&statut=contacte&per_page=50"
