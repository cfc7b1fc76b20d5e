// domainlens-cli: the headless front end. Runs the same core job functions as the GUI,
// on the main thread, with a terminal progress bar. Exit codes: 0 ok, 1 failed, 2 usage.
#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

#include "CliSupport.h"

namespace {

void printOverview() {
    QTextStream out(stdout);
    out << "Usage: domainlens-cli <command> PROJECT [options]\n\n"
           "DomainLens finds the domains hidden in text corpora and selects in-domain training data.\n\n"
           "Commands:\n";
    for (const auto& c : dlcli::commands()) out << "  " << c.name.leftJustified(10) << c.summary << "\n";
    out << "\nRun `domainlens-cli <command> --help` for the options of a command.\n";
}

}  // namespace

int main(int argc, char** argv) {
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
        return command.run(parser);
    }
    std::fprintf(stderr, "domainlens-cli: unknown command '%s'\n\n", qPrintable(name));
    printOverview();
    return dlcli::ExitUsage;
}
