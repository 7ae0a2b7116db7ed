// `warpspan table merge PART...`: the partial tables of `warpspan table --shard i/n` read back
// (json_reader.hpp), checked to belong together (the same spec, columns, options and tool version;
// every shard exactly once; every entry present, in its own shard) and written as the whole table, byte
// for byte what an unsharded run writes.
#include <fstream>
#include <map>
#include <sstream>

#include "commands.hpp"
#include "json_reader.hpp"
#include "table_formats.hpp"

namespace wsp_cli {
namespace {

using wsp::host::ColumnResult;
using wsp::host::EntryResult;
using wsp::host::TableInfo;
using wsp::host::TableKernel;

struct Part {
    std::string path;
    TableInfo info;
    std::string hash;
    Shard shard;
    std::vector<std::pair<size_t, EntryResult>> entries;
};

// Reads one part; `why` says what makes it none.
class PartReader {
public:
    PartReader(const std::string &path, Failure &failure) : path_(path), failure_(failure) {}
    bool bad(const std::string &why) {
        failure_ = cli_failure(ExitCode::kInput, "merge",
                               "'" + path_ + "' is not a partial table from `warpspan table --shard`: " + why, "path");
        return false;
    }
    bool str(const JsonValue *v, const char *key, std::string &out) {
        const JsonValue *f = v ? v->get(key) : nullptr;
        if (!f || f->kind != JsonValue::Kind::kString) return bad(std::string("no string \"") + key + "\"");
        out = f->text;
        return true;
    }
    bool num(const JsonValue *v, const char *key, uint64_t &out) {
        const JsonValue *f = v ? v->get(key) : nullptr;
        if (!f || !f->is_uint()) return bad(std::string("no number \"") + key + "\"");
        out = f->as_uint();
        return true;
    }
    bool optional_num(const JsonValue *v, const char *key, std::optional<uint64_t> &out) {
        uint64_t n = 0;
        if (!v->get(key)) return true;
        if (!num(v, key, n)) return false;
        out = n;
        return true;
    }
    bool entry(const JsonValue &e, Part &part) {
        uint64_t index = 0, warps = 0;
        std::string name;
        if (!num(&e, "index", index) || !num(&e, "warps", warps) || !str(&e, "name", name)) return false;
        if (index >= part.info.total) return bad("entry " + std::to_string(index) + " is outside the table");
        size_t kernel = 0;
        uint32_t w = 0;
        wsp::host::entry_at(part.info, index, kernel, w);
        if (part.info.kernels[kernel].name != name || w != warps)
            return bad("entry " + std::to_string(index) + " is not " + name + ", W=" + std::to_string(warps));
        const JsonValue *res = e.get("results");
        EntryResult r;
        r.done = true;
        for (const std::string &c : part.info.columns) {
            const JsonValue *cv = res ? res->get(c) : nullptr;
            if (!cv) return bad("entry " + std::to_string(index) + " has no result for column " + c);
            ColumnResult cr;
            cr.method = c;
            if (!num(cv, "value", cr.value) || !str(cv, "status", cr.status) || !optional_num(cv, "lower", cr.lower) ||
                !optional_num(cv, "upper", cr.upper) || !optional_num(cv, "seed", cr.seed))
                return false;
            const JsonValue *sb = cv->get("stopped_by");
            if (sb && sb->kind == JsonValue::Kind::kString) cr.stopped_by = sb->text;
            const JsonValue *sec = cv->get("seconds");
            if (sec && sec->kind == JsonValue::Kind::kNumber) cr.seconds = sec->number;
            r.columns.push_back(cr);
        }
        part.entries.emplace_back(static_cast<size_t>(index), r);
        return true;
    }
    bool read(Part &part) {
        std::ifstream in(path_, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        JsonValue root;
        std::string why;
        if (!parse_json(text.str(), root, why)) return bad(why);
        const JsonValue *format = root.get("format");
        if (!format || format->text != "warpspan-table-part") {
            if (format && format->text == "warpspan-table") return bad("it is a whole table (JSON output), not a part");
            return bad("no \"format\": \"warpspan-table-part\"");
        }
        part.path = path_;
        uint64_t shard = 0, shards = 0, total = 0, schema = 0;
        if (!str(&root, "version", part.info.version) || !num(&root, "schema", schema) ||
            !str(&root, "spec_hash", part.hash) || !str(&root, "options", part.info.options) ||
            !num(&root, "shard", shard) || !num(&root, "shards", shards) || !num(&root, "total_entries", total))
            return false;
        if (shards == 0 || shard == 0 || shard > shards || shards > 1000000) return bad("bad shard numbers");
        part.shard = Shard{static_cast<unsigned>(shard), static_cast<unsigned>(shards)};
        const JsonValue *columns = root.get("columns");
        if (!columns || columns->kind != JsonValue::Kind::kArray) return bad("no \"columns\"");
        for (const JsonValue &c : columns->items) part.info.columns.push_back(c.text);
        const JsonValue *kernels = root.get("kernels");
        if (!kernels || kernels->kind != JsonValue::Kind::kArray) return bad("no \"kernels\"");
        for (const JsonValue &k : kernels->items) {
            TableKernel tk;
            uint64_t w = 0;
            if (!str(&k, "name", tk.name) || !str(&k, "kernel", tk.kernel) || !str(&k, "config", tk.config) ||
                !num(&k, "warps", w))
                return false;
            tk.warps = static_cast<uint32_t>(w);
            part.info.total += tk.warps;
            part.info.kernels.push_back(tk);
        }
        if (wsp::host::spec_hash(part.info.kernels) != part.hash) return bad("its spec hash does not match its kernels (edited?)");
        if (part.info.total != total) return bad("total_entries does not match its kernels");
        const JsonValue *entries = root.get("entries");
        if (!entries || entries->kind != JsonValue::Kind::kArray) return bad("no \"entries\"");
        for (const JsonValue &e : entries->items)
            if (!entry(e, part)) return false;
        return true;
    }

private:
    std::string path_;
    Failure &failure_;
};

std::string join(const std::vector<std::string> &v) {
    std::string out;
    for (size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + v[i];
    return out;
}

std::string shard_name(const Shard &s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

bool input(Failure &failure, const std::string &message) {
    failure = cli_failure(ExitCode::kInput, "merge", message, "path");
    return false;
}

// The parts belong together: the same table, options and tool; each shard once, none missing.
bool check_parts(const std::vector<Part> &parts, Failure &failure) {
    const Part &first = parts[0];
    std::map<unsigned, std::string> seen;
    for (const Part &p : parts) {
        if (p.hash != first.hash)
            return input(failure, "'" + p.path + "' belongs to a different table than '" + first.path + "' (spec hash " +
                                      p.hash + " vs " + first.hash + ")");
        if (p.info.columns != first.info.columns || p.info.options != first.info.options)
            return input(failure, "'" + p.path + "' was computed with other columns or options than '" + first.path +
                                      "' (" + join(p.info.columns) + "; " + p.info.options + " vs " +
                                      join(first.info.columns) + "; " + first.info.options + ")");
        if (p.info.version != first.info.version)
            return input(failure, "'" + p.path + "' was made by warpspan " + p.info.version + ", '" + first.path +
                                      "' by warpspan " + first.info.version);
        if (p.shard.count != first.shard.count)
            return input(failure, "'" + p.path + "' is shard " + shard_name(p.shard) + " but '" + first.path +
                                      "' is shard " + shard_name(first.shard) + " (different shard counts)");
        if (seen.count(p.shard.index))
            return input(failure, "shard " + shard_name(p.shard) + " given twice: '" + seen[p.shard.index] + "' and '" +
                                      p.path + "'");
        seen[p.shard.index] = p.path;
    }
    std::string missing;
    for (unsigned i = 1; i <= first.shard.count; ++i)
        if (!seen.count(i)) missing += (missing.empty() ? "" : ", ") + shard_name(Shard{i, first.shard.count});
    if (!missing.empty())
        return input(failure, "missing shard" + std::string(missing.find(',') != std::string::npos ? "s " : " ") + missing +
                                  " (" + std::to_string(parts.size()) + " of " + std::to_string(first.shard.count) +
                                  " parts given)");
    return true;
}

}  // namespace

bool merge_command(const ParsedArgs &a, ExitCode &exit, Failure &failure) {
    exit = ExitCode::kOk;
    TableOutputs out;
    if (!open_table_outputs(a, out, failure)) return false;
    std::vector<Part> parts(a.operands.size());
    for (size_t p = 0; p < parts.size(); ++p) {
        PartReader reader(a.operands[p], failure);
        if (!reader.read(parts[p])) return false;
    }
    if (!check_parts(parts, failure)) return false;
    const Part &first = parts[0];
    std::vector<EntryResult> results(first.info.total);
    for (const Part &p : parts)
        for (const auto &e : p.entries) {
            if (e.first % p.shard.count != p.shard.index - 1)
                return input(failure, "'" + p.path + "' holds entry " + std::to_string(e.first) +
                                          ", which belongs to another shard");
            if (results[e.first].done)
                return input(failure, "entry " + std::to_string(e.first) + " given twice in '" + p.path + "'");
            results[e.first] = e.second;
        }
    for (size_t index = 0; index < results.size(); ++index)
        if (!results[index].done) {
            size_t kernel = 0;
            uint32_t warps = 0;
            wsp::host::entry_at(first.info, index, kernel, warps);
            for (const Part &p : parts)
                if (p.shard.index - 1 == index % first.shard.count)
                    return input(failure, "entry " + std::to_string(index) + " (" + first.info.kernels[kernel].name +
                                              ", W=" + std::to_string(warps) + ") is missing from '" + p.path + "'");
        }
    return write_table(first.info, results, out, Shard{}, failure);
}

}  // namespace wsp_cli
