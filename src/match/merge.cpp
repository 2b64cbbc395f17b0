#include "match/merge.h"

#include <map>

#include "match/results_file.h"
#include "match/scoreboard.h"

namespace chuhe::match {

int merge_results(const std::vector<std::string>& files, const std::optional<Sprt>& sprt, std::ostream& out) {
    auto fail = [&](const std::string& why) {
        out << "error: " << why << "\n";
        return 2;
    };
    if (files.empty()) return fail("merge needs at least one results file");
    std::vector<ResultsFile> shards(files.size());
    std::map<int64_t, std::pair<size_t, const FinishedGame*>> games;  // by number: file and game
    for (size_t i = 0; i < files.size(); ++i) {
        std::string error;
        if (!read_results_file(files[i], shards[i], &error)) return fail(error);
        if (!shards[i].hasHeader) return fail("'" + files[i] + "' is empty: no results header");
        // A Swiss's byes and a knockout's bracket are the runner's to work out; such a match is
        // never sharded (check_format), so its own run printed the summary.
        std::string type = shards[i].config["tournament"].as_string();
        if (type == "swiss" || type == "knockout" || type == "double-knockout")
            return fail("'" + files[i] + "' is a " + type + " tournament, which is never sharded: its run prints the standings");
        if (shards[i].config.dump() != shards[0].config.dump() || shards[i].scheduleSize != shards[0].scheduleSize)
            return fail("'" + files[i] + "' and '" + files[0] +
                        "' are results of different matches (their configurations differ)");
        for (const FinishedGame& g : shards[i].games)
            if (auto [at, fresh] = games.emplace(g.number, std::pair{i, &g}); !fresh)
                return fail("game " + std::to_string(g.number) + " is in both '" + files[at->second.first] + "' and '" +
                            files[i] + "' (overlapping shards, or a file given twice)");
    }
    // Games in schedule order, as one run would have counted them (the summary does not
    // depend on the order, but a reader of the code should not have to prove that).
    Scoreboard board(shards[0].engines);
    for (const auto& [number, where] : games) {
        const FinishedGame& g = *where.second;
        board.add(g.red, g.black, g.result, g.pairId, g.round, g.termination);
    }
    out << "Merged " << board.games() << " games of " << shards[0].scheduleSize << " (" << files.size()
        << (files.size() == 1 ? " file)\n" : " files)\n");
    board.print_summary(out, sprt);
    return 0;
}

}  // namespace chuhe::match
