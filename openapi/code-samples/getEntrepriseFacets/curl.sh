curl -sS --fail-with-body -H "Authorization: Bearer $API_KEY" \
  "http://localhost:3000/v1/entreprises/facets?query=numidia&score_min=50"
