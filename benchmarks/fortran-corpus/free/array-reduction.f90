! race: no
! A histogram with an array reduction.
program array_reduction
  implicit none
  integer :: i, bins(8), keys(400)
  keys = [(mod(i * 7, 8) + 1, i = 1, 400)]
  bins = 0
  !$omp parallel do reduction(+:bins)
  do i = 1, 400
    bins(keys(i)) = bins(keys(i)) + 1
  end do
  !$omp end parallel do
  print *, bins
end program
