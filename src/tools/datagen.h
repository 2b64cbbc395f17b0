// chuhe datagen: training records for the network (see training_data.h) from self-play,
// from game records with search scores in their comments, or from game records labelled by
// a search.
#pragma once

#include <string>
#include <vector>

namespace chuhe {

int run_datagen(const std::vector<std::string>& args);

}  // namespace chuhe
