#pragma once
// Shared pieces of domainlens-cli subcommands: registration, project opening, terminal
// progress, error reporting with the CLI's exit codes (0 ok, 1 failed, 2 usage).
#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "store/Store.h"

namespace dlcli {

enum ExitCode { ExitOk = 0, ExitFailed = 1, ExitUsage = 2 };

// SIGINT/SIGTERM handlers for the whole run (installed first thing in main): the first signal
// cancels the running job cooperatively through the process-wide token, a second exits 130.
void installInterruptHandlers();
// True once SIGINT/SIGTERM arrived.
bool interrupted();
// Called once the command has finished (output flushed): a later signal exits 130 at once.
void markCommandDone();

// One subcommand. setup() declares options and positional arguments on the parser;
// run() executes it after parsing succeeded (the CLI has already handled --help).
struct Command {
    QString name;
    QString summary;  // one line for `domainlens-cli --help`
    std::function<void(QCommandLineParser&)> setup;
    std::function<int(const QCommandLineParser&)> run;
};

// Each Cmd*.cpp registers itself with a static CommandRegistration (sources are compiled
// straight into the executable, so the registration objects are never dropped).
void registerCommand(Command command);
const std::vector<Command>& commands();
struct CommandRegistration {
    explicit CommandRegistration(Command command) { registerCommand(std::move(command)); }
};

// The PROJECT positional argument (first positional); usage error if absent.
std::expected<QString, int> projectArgument(const QCommandLineParser& parser);
// Optional second positional argument (RUN id); 0 when absent, -1 and a message when not a number.
std::int64_t runArgument(const QCommandLineParser& parser, int index = 1);
// Opens the project and prints a message on failure (returns nullptr then).
std::unique_ptr<dl::Store> openProject(const QString& path, dl::OpenMode mode = dl::OpenMode::ReadWrite);

// Prints "domainlens-cli: <message>" on stderr and returns 1 (2 for usage errors; 1 for cancel).
int reportError(const dl::Error& error);
int usageError(const QString& message);
// One JSON object on stdout.
void printJson(const nlohmann::json& value);

// Integer option parsing with a usage error naming the option.
bool intOption(const QCommandLineParser& parser, const QString& name, int& out, int minValue, int maxValue);
bool doubleOption(const QCommandLineParser& parser, const QString& name, double& out);

// A progress bar on stderr when it is a terminal (else one line per stage). cancelToken() is
// the process-wide token that Ctrl+C sets (see installInterruptHandlers).
class TerminalProgress final : public dl::ProgressSink {
public:
    explicit TerminalProgress(bool quiet = false);
    ~TerminalProgress() override;
    void stage(std::string_view name) override;
    void progress(std::int64_t done, std::int64_t total) override;
    void info(std::string_view message) override;
    void finish();
    const dl::CancelToken& cancelToken() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

}  // namespace dlcli
