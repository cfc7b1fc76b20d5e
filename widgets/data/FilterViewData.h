#pragma once
// What the Cleaning panel shows of one filter run (app/services/FilterQueries.h reads it): the
// counts per rule, the corpus's composition (domain and cluster shares) before and after, and
// the removed sentences' scores with the rule's threshold. Plain QtCore data.
#include <QList>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QtNumeric>

#include "ScoreRanking.h"

struct FilterRuleRow {
    QString rule;  // "near-dup", "langid:src", "bitext:length", ...
    qint64 input = 0, kept = 0, removed = 0;
    qint64 failed = 0;  // langid, bitext: the rule's failures, some removed by an earlier rule
    qint64 groups = 0;  // duplicate groups of two or more
};

// One domain or cluster: its sentences in the whole corpus and among the kept ones.
struct ShareRow {
    QString name;
    qint64 before = 0, after = 0;
};

struct FilterViewData {
    qint64 runId = 0;
    QString kind;  // near-dup, langid, bitext, semantic-dup, decontaminate
    QString corpus;
    QString parameters;  // the stored parameters in words
    qint64 sentences = 0, kept = 0, removed = 0;
    QList<FilterRuleRow> rules;
    QList<ShareRow> domains;
    qint64 clusterRun = 0;  // the cluster run whose clusters `clusters` counts (0 = none)
    QList<ShareRow> clusters;
    // The removed sentences' scores (the similarity to the twin, the probability of the expected
    // language) and the threshold they crossed; empty for a kind without one score (bitext).
    QVector<double> removedScores;
    double threshold = qQNaN();
    QString scoreLabel;
    // removedScores sorted (duplicates: higher first; langid: lower first) with the read: at a
    // million removals the sort would stall the window.
    ScoreRanking ranking;
};

// One sentence near a threshold of a score-based filter (the Cleaning tab's boundary
// thumbnail): a removed sentence, its score, and whether it would still be removed at the
// threshold the user set (`past`) or kept.
struct BoundaryRow {
    qint64 sentenceId = 0;
    double score = 0;
    QString text;
    bool past = false;
};
