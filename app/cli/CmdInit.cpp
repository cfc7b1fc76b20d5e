// `domainlens-cli init PROJECT`: creates an empty project file.
#include <cstdio>

#include "CliSupport.h"

namespace dlcli {
namespace {

const CommandRegistration registration{
    Command{QStringLiteral("init"), QStringLiteral("Create an empty project file."),
            [](QCommandLineParser& p) {
                p.addPositionalArgument(QStringLiteral("PROJECT"),
                                        QStringLiteral("The project file to create (e.g. corpus.dlproj)."));
            },
            [](const QCommandLineParser& p) -> int {
                auto path = projectArgument(p);
                if (!path) return path.error();
                if (p.positionalArguments().size() > 1)
                    return usageError(QStringLiteral("init takes exactly one PROJECT"));
                auto store = dl::Store::create(path->toStdString());
                if (!store) return reportError(store.error());
                std::printf("Created project %s\n", qPrintable(*path));
                return ExitOk;
            }}};

}  // namespace
}  // namespace dlcli
