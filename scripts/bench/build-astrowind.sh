#!/usr/bin/env bash
# Builds AstroWind's landing page for `npm run bench -- --beside <checkout>/dist`: the reference the twins'
# floor is held to (docs/decisions/0032-the-page-beside-its-twin.md). Give it a checkout of
# https://github.com/onwidget/astrowind. Its pages show photos from image CDNs, fetched while it builds; each
# is replaced by the template's own local image, so it builds without the internet and the bench measures no
# third party's server. Nothing else is changed.
set -euo pipefail
checkout="${1:?usage: scripts/bench/build-astrowind.sh <astrowind checkout>}"
cd "$checkout"
grep -rlE "https://([a-z]+\.)?(unsplash\.com|pixabay\.com)/" src | while read -r file; do
  sed -i -E "s#https://([a-z]+\.)?(unsplash\.com|pixabay\.com)/[^'\" )]*#~/assets/images/default.png#g" "$file"
done
npm ci --no-audit --no-fund
npx astro build
echo "Built: $checkout/dist (npm run bench -- --beside $checkout/dist)"
