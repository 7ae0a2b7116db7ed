// "did you mean ...": the closest known word to a mistyped command, flag or choice, by edit distance
// (insertions, deletions, substitutions and transpositions of adjacent characters each cost 1, so
// "tabel" is 1 from "table").
#ifndef WSP_CLI_DID_YOU_MEAN_HPP
#define WSP_CLI_DID_YOU_MEAN_HPP

#include <string>
#include <vector>

namespace wsp_cli {

size_t edit_distance(const std::string &a, const std::string &b);

// The candidate closest to `word` when it is close enough to be a typo: at most 2 edits, and fewer
// than the word has characters (so "x" suggests nothing); the first on a tie. Otherwise the one
// candidate that has the word (without its leading dashes, at least 4 characters) as a whole
// dash-separated end or start ("--bounds": "--loop-bounds"). Empty if none, or if several have it.
std::string closest_word(const std::string &word, const std::vector<std::string> &candidates);

// "; did you mean 'table'?" or "" when nothing is close.
std::string did_you_mean(const std::string &word, const std::vector<std::string> &candidates);

}  // namespace wsp_cli

#endif
