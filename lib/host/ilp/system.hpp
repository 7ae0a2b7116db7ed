// The small ILP interface of our own (after OTAWA's ilp::System): the formulation writes
// binary columns, rows and an objective to it and never speaks to a solver. lp_solve is one
// implementation (lpsolve_system.hpp); the tests have another that checks a given assignment row by
// row, and a counting one sizes a model before anything is built.
#ifndef WSP_HOST_ILP_SYSTEM_HPP
#define WSP_HOST_ILP_SYSTEM_HPP

#include <stddef.h>
#include <stdint.h>

namespace wsp {
namespace ilp {

enum class Sense { le, ge, eq };

class System {
public:
    virtual ~System() = default;
    // Whether names are used; when false the formulation passes nullptr names and skips formatting.
    virtual bool wants_names() const { return false; }
    // Columns are numbered 0, 1, ... in the order they are added: binary, or integer >= 0.
    virtual bool add_binary(const char *name) = 0;
    virtual bool add_integer(const char *) { return false; }
    // Set once, before any row: maximise sum vals[k] * x[cols[k]].
    virtual bool maximise(const int *cols, const double *vals, size_t n) = 0;
    virtual bool add_row(const int *cols, const double *vals, size_t n, Sense sense, double rhs,
                         const char *name) = 0;
};

// Counts what a formulation would build, storing nothing.
class Counter final : public System {
public:
    bool add_binary(const char *) override {
        ++columns;
        return true;
    }
    bool add_integer(const char *) override {
        ++columns;
        return true;
    }
    bool maximise(const int *, const double *, size_t) override { return true; }
    bool add_row(const int *, const double *, size_t n, Sense, double, const char *) override {
        ++rows;
        nonzeros += n;
        return true;
    }
    uint64_t columns = 0, rows = 0, nonzeros = 0;
};

}  // namespace ilp
}  // namespace wsp

#endif
