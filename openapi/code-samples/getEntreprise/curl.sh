# ENTREPRISE_ID: a company's id, from a search
curl -sS --fail-with-body -H "Authorization: Bearer $API_KEY" \
  "http://localhost:3000/v1/entreprises/$ENTREPRISE_ID"
