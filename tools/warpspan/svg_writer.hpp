// The SVG primitives the plots share: a document built element by element, numbers written short,
// text escaped for XML, and a conservative estimate of how wide a text will be drawn, so that a
// layout can make room for every label before it places anything.
//
// Text width: no font is embedded, so the width is estimated from classes of characters with the
// advance widths of DejaVu Sans (the default sans-serif of Debian's renderers, and among the widest
// common sans-serif fonts) rounded up: narrow punctuation 0.42 em, brackets and f, r, t 0.52 em,
// digits and most lower case 0.66 em, upper case 0.82 em, m, w, M, W and wide symbols 1.02 em, any
// other character (UTF-8) 1.02 em; bold adds 15 %. tests/svg_check.py renders strings with
// rsvg-convert and checks that the ink never reaches past this estimate.
#ifndef WSP_CLI_SVG_WRITER_HPP
#define WSP_CLI_SVG_WRITER_HPP

#include <string>
#include <utility>
#include <vector>

namespace wsp_cli {

// The font stack of every plot: DejaVu Sans first, whose widths the estimate covers.
extern const char *const kSvgFont;

// Width in px of `text` (UTF-8) drawn at `size` px: never less than a real sans-serif font draws it.
double text_width(const std::string &text, double size, bool bold = false);

// `text` cut at a character boundary and ended with "…" so that it fits max_width (whole if it fits).
std::string shortened(const std::string &text, double size, bool bold, double max_width);

// A number for an attribute: at most two decimals, no trailing zeros, no "-0".
std::string svg_number(double v);
// &, <, >, " escaped.
std::string xml_escape(const std::string &s);

struct TextStyle {
    double size = 12;
    const char *anchor = "start";  // start, middle or end
    bool bold = false;
    const char *fill = "#222222";
    double rotate = 0;             // degrees about (x, y); -90 for a vertical axis title
};

class SvgWriter {
public:
    void rect(double x, double y, double w, double h, const std::string &fill, const std::string &extra = "");
    void line(double x1, double y1, double x2, double y2, const std::string &stroke, double width = 1,
              const std::string &extra = "");
    void polyline(const std::vector<std::pair<double, double>> &points, const std::string &stroke, double width,
                  const std::string &extra = "");
    void circle(double cx, double cy, double r, const std::string &fill, const std::string &extra = "");
    void text(double x, double y, const std::string &text, const TextStyle &style = {});
    // A group <g class="..."> around what follows, up to end_group(); the tests find legends, tick
    // labels and plot areas by these classes.
    void begin_group(const std::string &cls, const std::string &extra = "");
    void end_group();
    void raw(const std::string &markup) { body_ += markup; }

    // The whole document: width x height px with the viewBox "0 0 width height", a white background,
    // `title` as the <title> (what a viewer shows as the document's name), then the elements.
    std::string document(double width, double height, const std::string &title) const;

private:
    std::string body_;
};

}  // namespace wsp_cli

#endif
