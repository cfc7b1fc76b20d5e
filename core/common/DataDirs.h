#pragma once
// Where DomainLens keeps what it installs for the user, one place for every stage: the data
// home (${XDG_DATA_HOME:-$HOME/.local/share}) and, under it, domainlens/models (the encoders
// of encode/ModelCatalog.h and the language-ID model of filter/LanguageId.h).
#include <string>

namespace dl {

std::string dataHomeDir();    // ${XDG_DATA_HOME:-$HOME/.local/share} ($HOME unset: /tmp)
std::string modelsDataDir();  // dataHomeDir()/domainlens/models

}  // namespace dl
