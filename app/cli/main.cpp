// domainlens-cli: the headless front end. Runs the same core job functions as the GUI,
// on the main thread, with a terminal progress bar. Exit codes: 0 ok, 1 failed or cancelled,
// 2 usage, 130 a second Ctrl+C; never death by a signal or an escaped exception.
#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>
#include <exception>
#include <new>

#include "CliSupport.h"
#ifdef DOMAINLENS_CLI_FRONT
#include "CliFront.h"
#endif
#include "jobs/RunJob.h"

namespace {

void printOverview() {
    QTextStream out(stdout);
    out << "Usage: domainlens-cli <command> PROJECT [options]\n\n"
           "DomainLens finds the domains hidden in text corpora and selects in-domain training data.\n\n"
           "Commands:\n";
    for (const auto& c : dlcli::commands()) out << "  " << c.name.leftJustified(10) << c.summary << "\n";
    out << "\nRun `domainlens-cli <command> --help` for the options of a command.\n";
}

// The CLI's job boundary: whatever a command lets escape (a libtorch c10::Error, bad_alloc,
// a stray cancel exception) becomes exit 1 with a message instead of std::terminate.
int runGuarded(const dlcli::Command& command, const QCommandLineParser& parser) {
    int rc = dlcli::ExitFailed;
    try {
        rc = command.run(parser);
    } catch (const dl::CancelledException&) {
        std::fprintf(stderr, "domainlens-cli: Cancelled by the user.\n");
        return dlcli::ExitFailed;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "domainlens-cli: out of memory; nothing was changed by the unfinished step.\n");
        return dlcli::ExitFailed;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "domainlens-cli: internal error: %s\n", dl::withoutBacktrace(e.what()).c_str());
        return dlcli::ExitFailed;
    } catch (...) {
        std::fprintf(stderr, "domainlens-cli: internal error (unknown exception).\n");
        return dlcli::ExitFailed;
    }
    // From here on a signal can no longer cancel anything: the handler says so and ends the
    // process at once (130). Marked before the check below, not after: a signal that landed
    // between the check and the mark was a cancel request nobody read, and the process exited 0
    // after printing "interrupted; cancelling" (tst_cli sigintShortCommands, under load).
    std::fflush(stdout);
    dlcli::markCommandDone();
    // Interrupted, but the command ran to its end before it noticed (or never polls): say so
    // instead of a silent 0; its result is whatever it finished.
    if (rc == dlcli::ExitOk && dlcli::interrupted()) {
        std::fprintf(stderr, "domainlens-cli: interrupted after '%s' had completed; its result is kept.\n",
                     qPrintable(command.name));
        return 130;
    }
    return rc;
}

// Ctrl+C in the first second must not kill the process either: libtorch's and Qt's static
// initialisers run for about a second before main. The dynamic loader runs .preinit_array
// entries before any shared library's initialiser, so the handlers are in place from then
// on (only the loader's own relocation work comes earlier). Safe that early: the handler
// touches only constant-initialised data (an atomic flag, sig_atomic_t counters).
void installInterruptHandlersEarly(int, char**, char**) { dlcli::installInterruptHandlers(); }
[[gnu::used,
  gnu::section(".preinit_array")]] void (*const kEarlyInterruptHandlers)(int, char**,
                                                                         char**) = installInterruptHandlersEarly;

}  // namespace

int main(int argc, char** argv) {
    dlcli::installInterruptHandlers();
#ifdef DOMAINLENS_CLI_FRONT
    // The front (app/CMakeLists.txt): a command it does not hold runs in domainlens-cli-full.
    if (!dlcli::frontHolds(argc, argv)) return dlcli::runInFullBinary(argv);
#endif
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("domainlens-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DOMAINLENS_VERSION));
    QStringList args = QCoreApplication::arguments();
    if (args.size() < 2 || args[1] == QLatin1String("--help") || args[1] == QLatin1String("-h") ||
        args[1] == QLatin1String("help")) {
        printOverview();
        return args.size() < 2 ? dlcli::ExitUsage : dlcli::ExitOk;
    }
    if (args[1] == QLatin1String("--version")) {
        std::printf("domainlens-cli %s\n", DOMAINLENS_VERSION);
        return dlcli::ExitOk;
    }
    const QString name = args[1];
    for (const auto& command : dlcli::commands()) {
        if (command.name != name) continue;
        QCommandLineParser parser;
        parser.setApplicationDescription(command.summary);
        parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
        parser.addHelpOption();
        command.setup(parser);
        QStringList sub = args;
        sub.removeAt(1);
        sub[0] = QStringLiteral("domainlens-cli ") + name;
        if (!parser.parse(sub)) return dlcli::usageError(parser.errorText());
        if (parser.isSet(QStringLiteral("help"))) {
            QString help = parser.helpText();
            help.replace(QCoreApplication::arguments().constFirst() + QLatin1String(" [options]"),
                         QStringLiteral("domainlens-cli ") + name + QLatin1String(" [options]"));
            std::fputs(qPrintable(help), stdout);
            return dlcli::ExitOk;
        }
        return runGuarded(command, parser);
    }
    std::fprintf(stderr, "domainlens-cli: unknown command '%s'\n\n", qPrintable(name));
    printOverview();
    return dlcli::ExitUsage;
}
