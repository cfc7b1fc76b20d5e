# Sourced by the purity benchmarks: a project with the 5 domains of Aharoni & Goldberg (it,
# koran, law, medical, subtitles) from ../shared/data/llm-dom-ad-deen-train2500, English side
# (12,500 sentences), as corpus "train5".
#   five_domain_project CLI PROJECT
five_domain_project() {
  local cli=$1 project=$2 d
  local data
  data="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../shared/data/llm-dom-ad-deen-train2500" && pwd)"
  "$cli" init "$project" > /dev/null
  for d in it koran law medical subtitles; do
    "$cli" import "$project" --src "$data/$d.en" --domain "$d" --corpus train5 > /dev/null
  done
}
