#include "CliSupport.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>

#include <unistd.h>

namespace dlcli {

namespace {

std::vector<Command>& registry() {
    static std::vector<Command> all;
    return all;
}

// Ctrl+C (or SIGTERM) requests a cooperative cancel of whatever runs; a second one ends the
// process at once with exit code 130. Never death by a signal: the project is safe either way
// (an unfinished transaction is rolled back by SQLite on the next open).
// Only async-signal-safe calls here: an atomic store, write(2), _Exit.
dl::CancelToken gProcessToken;
volatile std::sig_atomic_t gInterrupts = 0;
volatile std::sig_atomic_t gCommandDone = 0;
void writeStderr(const char* text) {
    const auto n = std::strlen(text);
    [[maybe_unused]] const auto written = ::write(STDERR_FILENO, text, n);
}
void onInterrupt(int) {
    gInterrupts = gInterrupts + 1;
    if (gCommandDone) {
        // The command has finished and its output is flushed; only teardown is left.
        writeStderr("\ndomainlens-cli: interrupted after the command had completed; its result is kept\n");
        std::_Exit(130);
    }
    if (gInterrupts == 1) {
        gProcessToken.cancel();
        writeStderr("\ndomainlens-cli: interrupted; cancelling (press Ctrl+C again to quit at once)\n");
        return;
    }
    writeStderr("\ndomainlens-cli: interrupted again; quitting now (unfinished changes are rolled back)\n");
    std::_Exit(130);
}

}  // namespace

void installInterruptHandlers() {
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    // The CLI front blocks both before it hands a command line to this binary (CliFront.cpp):
    // one that arrived in between is pending and reaches the handler now.
    sigset_t interrupts;
    sigemptyset(&interrupts);
    sigaddset(&interrupts, SIGINT);
    sigaddset(&interrupts, SIGTERM);
    sigprocmask(SIG_UNBLOCK, &interrupts, nullptr);
    // A file-size limit (ulimit -f) makes write() fail with EFBIG, reported as an error,
    // instead of killing the process half-way through a file.
    std::signal(SIGXFSZ, SIG_IGN);
}

bool interrupted() { return gProcessToken.isCancelled(); }

void markCommandDone() { gCommandDone = 1; }

void registerCommand(Command command) {
    auto& all = registry();
    // Keep the order of the CLI contract in the overview.
    static const QStringList order = {QStringLiteral("init"),   QStringLiteral("import"),   QStringLiteral("info"),
                                      QStringLiteral("encode"), QStringLiteral("cluster"),  QStringLiteral("report"),
                                      QStringLiteral("select"), QStringLiteral("evaluate"), QStringLiteral("export"),
                                      QStringLiteral("score"),  QStringLiteral("assign"),   QStringLiteral("merge"),
                                      QStringLiteral("slurm")};
    auto rank = [&](const Command& c) {
        const auto i = order.indexOf(c.name);
        return i < 0 ? 1000 : i;
    };
    auto it = all.begin();
    while (it != all.end() && rank(*it) <= rank(command)) ++it;
    all.insert(it, std::move(command));
}

const std::vector<Command>& commands() { return registry(); }

std::expected<QString, int> projectArgument(const QCommandLineParser& parser) {
    const auto pos = parser.positionalArguments();
    if (pos.isEmpty()) return std::unexpected(usageError(QStringLiteral("missing PROJECT argument")));
    return pos.first();
}

std::int64_t runArgument(const QCommandLineParser& parser, int index) {
    const auto pos = parser.positionalArguments();
    if (pos.size() <= index) return 0;
    bool ok = false;
    const auto v = pos[index].toLongLong(&ok);
    if (!ok || v <= 0) {
        usageError(QStringLiteral("RUN must be a run id (a positive number), got '%1'").arg(pos[index]));
        return -1;
    }
    return v;
}

std::unique_ptr<dl::Store> openProject(const QString& path, dl::OpenMode mode) {
    auto store = dl::Store::open(path.toStdString(), mode);
    if (!store) {
        reportError(store.error());
        return nullptr;
    }
    return std::move(*store);
}

int reportError(const dl::Error& error) {
    std::fprintf(stderr, "domainlens-cli: %s\n", error.message.c_str());
    switch (error.kind) {
    case dl::ErrorKind::Usage: return ExitUsage;
    case dl::ErrorKind::Cancelled:
    case dl::ErrorKind::Failed: return ExitFailed;
    }
    return ExitFailed;
}

int usageError(const QString& message) {
    std::fprintf(stderr, "domainlens-cli: %s (see --help)\n", qPrintable(message));
    return ExitUsage;
}

void printJson(const nlohmann::json& value) {
    const std::string s = value.dump(2);
    std::fwrite(s.data(), 1, s.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

bool intOption(const QCommandLineParser& parser, const QString& name, int& out, int minValue, int maxValue) {
    if (!parser.isSet(name)) return true;
    bool ok = false;
    const int v = parser.value(name).toInt(&ok);
    if (!ok || v < minValue || v > maxValue) {
        usageError(QStringLiteral("--%1 must be a whole number from %2 to %3, got '%4'")
                       .arg(name)
                       .arg(minValue)
                       .arg(maxValue)
                       .arg(parser.value(name)));
        return false;
    }
    out = v;
    return true;
}

bool doubleOption(const QCommandLineParser& parser, const QString& name, double& out) {
    if (!parser.isSet(name)) return true;
    bool ok = false;
    const double v = parser.value(name).toDouble(&ok);
    if (!ok) {
        usageError(QStringLiteral("--%1 must be a number, got '%2'").arg(name, parser.value(name)));
        return false;
    }
    out = v;
    return true;
}

struct TerminalProgress::Impl {
    bool quiet = false;
    bool tty = false;
    std::string stage;
    std::chrono::steady_clock::time_point stageStart, lastDraw;
    bool drawn = false;
};

TerminalProgress::TerminalProgress(bool quiet) : d(std::make_unique<Impl>()) {
    d->quiet = quiet;
    d->tty = isatty(fileno(stderr)) == 1;
}

TerminalProgress::~TerminalProgress() { finish(); }

const dl::CancelToken& TerminalProgress::cancelToken() const { return gProcessToken; }

void TerminalProgress::stage(std::string_view name) {
    finish();
    d->stage = name;
    d->stageStart = std::chrono::steady_clock::now();
    if (!d->quiet && !d->tty) std::fprintf(stderr, "%s...\n", d->stage.c_str());
}

void TerminalProgress::progress(std::int64_t done, std::int64_t total) {
    if (d->quiet || !d->tty) return;
    const auto now = std::chrono::steady_clock::now();
    if (d->drawn && now - d->lastDraw < std::chrono::milliseconds(100) && done < total) return;
    d->lastDraw = now;
    d->drawn = true;
    const double elapsed = std::chrono::duration<double>(now - d->stageStart).count();
    char line[200];
    if (total > 0) {
        const double f = std::min(1.0, static_cast<double>(done) / static_cast<double>(total));
        const int width = 30, filled = static_cast<int>(f * width);
        std::string bar(filled, '#');
        bar.resize(width, '.');
        const double eta = f > 0 ? elapsed * (1 - f) / f : 0;
        std::snprintf(line, sizeof line, "\r%-28.28s [%s] %5.1f%%  %6.0fs left ", d->stage.c_str(), bar.c_str(),
                      100 * f, eta);
    } else {
        std::snprintf(line, sizeof line, "\r%-28.28s %lld  %.0fs ", d->stage.c_str(), static_cast<long long>(done),
                      elapsed);
    }
    std::fputs(line, stderr);
}

void TerminalProgress::info(std::string_view message) {
    if (d->quiet) return;
    finish();
    std::fprintf(stderr, "%.*s\n", static_cast<int>(message.size()), message.data());
}

void TerminalProgress::finish() {
    if (d->drawn) {
        std::fputc('\n', stderr);
        d->drawn = false;
    }
}

}  // namespace dlcli
