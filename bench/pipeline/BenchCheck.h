#pragma once
// The pipeline benches' error handling: a failed step prints what failed and exits 1.
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "common/Error.h"

template <class T>
T check(dl::Expected<T> e, const char* what) {
    if (!e) {
        std::fprintf(stderr, "%s: %s\n", what, e.error().message.c_str());
        std::exit(1);
    }
    return std::move(*e);
}

inline void check(const dl::Status& s, const char* what) {
    if (!s) {
        std::fprintf(stderr, "%s: %s\n", what, s.error().message.c_str());
        std::exit(1);
    }
}
